/**
 * The banner of a version that is not the latest, from @docusaurus/theme-classic 3.8.1's own (swizzled:
 * ejected), with audiences: its link goes to the same page in the latest version only when every reader
 * of this page may open that one (src/versions/sameDoc.ts), else to the latest version's first page;
 * a reader who may not see the latest version at all gets no link (the part is marked for the gate).
 */
import type {ComponentType, ReactNode} from 'react';
import clsx from 'clsx';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import {useActivePlugin, useDocsPreferredVersion, useDocsVersion, useVersions} from '@docusaurus/plugin-content-docs/client';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {Props} from '@theme/DocVersionBanner';
import type {VersionBanner, PropVersionMetadata} from '@docusaurus/plugin-content-docs';
import {audienceOf, Restricted} from '@site/src/audiences/Restricted';
import {ForReaders} from '@site/src/audiences/ForReaders';
import {useSameDocIn} from '@site/src/versions/sameDoc';

type BannerLabelComponentProps = {
  siteTitle: string;
  versionMetadata: PropVersionMetadata;
};

function UnreleasedVersionLabel({siteTitle, versionMetadata}: BannerLabelComponentProps) {
  return (
    <Translate
      id="theme.docs.versions.unreleasedVersionLabel"
      description="The label used to tell the user that he's browsing an unreleased doc version"
      values={{siteTitle, versionLabel: <b>{versionMetadata.label}</b>}}>
      {'This is unreleased documentation for {siteTitle} {versionLabel} version.'}
    </Translate>
  );
}

function UnmaintainedVersionLabel({siteTitle, versionMetadata}: BannerLabelComponentProps) {
  return (
    <Translate
      id="theme.docs.versions.unmaintainedVersionLabel"
      description="The label used to tell the user that he's browsing an unmaintained doc version"
      values={{siteTitle, versionLabel: <b>{versionMetadata.label}</b>}}>
      {'This is documentation for {siteTitle} {versionLabel}, which is no longer actively maintained.'}
    </Translate>
  );
}

const BannerLabelComponents: {[banner in VersionBanner]: ComponentType<BannerLabelComponentProps>} = {
  unreleased: UnreleasedVersionLabel,
  unmaintained: UnmaintainedVersionLabel,
};

function BannerLabel(props: BannerLabelComponentProps) {
  const BannerLabelComponent = BannerLabelComponents[props.versionMetadata.banner!];
  return <BannerLabelComponent {...props} />;
}

function LatestVersionSuggestionLabel({versionLabel, to, onClick}: {to: string; onClick: () => void; versionLabel: string}) {
  return (
    <Translate
      id="theme.docs.versions.latestVersionSuggestionLabel"
      description="The label used to tell the user to check the latest version"
      values={{
        versionLabel,
        latestVersionLink: (
          <b>
            <Link to={to} onClick={onClick}>
              <Translate
                id="theme.docs.versions.latestVersionLinkLabel"
                description="The label used for the latest version suggestion link label">
                latest version
              </Translate>
            </Link>
          </b>
        ),
      }}>
      {'For up-to-date documentation, see the {latestVersionLink} ({versionLabel}).'}
    </Translate>
  );
}

function DocVersionBannerEnabled({className, versionMetadata}: Props & {versionMetadata: PropVersionMetadata}): ReactNode {
  const {
    siteConfig: {title: siteTitle},
  } = useDocusaurusContext();
  const {pluginId} = useActivePlugin({failfast: true})!;
  const {savePreferredVersionName} = useDocsPreferredVersion(pluginId);
  const sameDocIn = useSameDocIn(pluginId);
  const latest = useVersions(pluginId).find((version) => version.isLast);

  return (
    <div className={clsx(className, ThemeClassNames.docs.docVersionBanner, 'alert alert--warning margin-bottom--md')} role="alert">
      <div>
        <BannerLabel siteTitle={siteTitle} versionMetadata={versionMetadata} />
      </div>
      {latest && (
        <ForReaders>
          <Restricted audience={audienceOf(latest)}>
            <div className="margin-top--md">
              <LatestVersionSuggestionLabel
                versionLabel={latest.label}
                to={sameDocIn(latest).path}
                onClick={() => savePreferredVersionName(latest.name)}
              />
            </div>
          </Restricted>
        </ForReaders>
      )}
    </div>
  );
}

export default function DocVersionBanner({className}: Props): ReactNode {
  const versionMetadata = useDocsVersion();
  if (versionMetadata.banner) {
    return <DocVersionBannerEnabled className={className} versionMetadata={versionMetadata} />;
  }
  return null;
}
