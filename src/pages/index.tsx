import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {usePluginData} from '@docusaurus/useGlobalData';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import {DOCS_OVERVIEW_PLUGIN, type OverviewEntry, type VersionOverview} from '@site/contracts/docsOverview';
import {AUDIENCE_FIELD} from '@site/contracts/audienceMarkers';
import {audienceOf, Restricted} from '@site/src/audiences/Restricted';
import type {SiteWording} from '@site/contracts/siteSettings';
import styles from './index.module.css';

/** The home page's cards: the current version's top-level sidebar entries, then each older version. */
function cardsOf(versions: readonly VersionOverview[]): OverviewEntry[] {
  const current = versions.find((version) => version.isCurrent);
  return [
    ...(current?.entries ?? []),
    ...versions
      .filter((version) => !version.isCurrent)
      .map((version) => ({
        title: `Version ${version.label}`,
        to: version.start,
        description:
          version.pages === null
            ? `The ${version.label} edition, for readers of older projects.`
            : `The ${version.label} edition, for readers of older projects: ${version.pages} ${version.pages === 1 ? 'page' : 'pages'}.`,
        ...(audienceOf(version) === undefined ? {} : {[AUDIENCE_FIELD]: audienceOf(version)}),
      })),
  ];
}

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const versions = usePluginData(DOCS_OVERVIEW_PLUGIN) as VersionOverview[];
  const current = versions.find((version) => version.isCurrent);
  // The team's wording (site.config.ts).
  const {home} = siteConfig.customFields!.site as SiteWording;
  return (
    <Layout title="Home" description={siteConfig.tagline}>
      {/* One main landmark for the whole page: a <header> here would be a second banner beside the announcement bar. */}
      <main>
        <div className={styles.hero}>
          <div className="container">
            <Heading as="h1" className={styles.title}>
              {siteConfig.title}
            </Heading>
            <p className={styles.tagline}>{siteConfig.tagline}</p>
            {current && (
              <Link className="button button--primary button--lg" to={current.start}>
                {home.start}
              </Link>
            )}
          </div>
        </div>
        <div className="container margin-vert--xl">
          <Heading as="h2">{home.heading}</Heading>
          <p>
            {home.intro}
            {current && ` Version ${current.label} is the current edition.`}
          </p>
          <ul className={styles.tracks}>
            {cardsOf(versions).map((card) => (
              <Restricted key={card.to} audience={audienceOf(card)}>
                <li className={styles.track}>
                  <Heading as="h3">
                    <Link to={card.to}>{card.title}</Link>
                  </Heading>
                  {card.description && <p>{card.description}</p>}
                </li>
              </Restricted>
            ))}
          </ul>
        </div>
      </main>
    </Layout>
  );
}
