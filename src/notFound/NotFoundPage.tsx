/**
 * The not-found page's content: what Docusaurus shows there, and a way on. Its stock text asks the
 * reader to write to whoever linked them; here the same page in the reader's other versions is named,
 * the words of the address are searched in its version, as the search box would, and the home page, the
 * version's first page and the search page are a link away (above the answers, which arrive after them
 * and move nothing). Everything that depends on the address is made after hydration: the built 404 page
 * is one file for every address, and for every reader.
 */
import {useEffect, useMemo, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useLocation} from '@docusaurus/router';
import {useVersions} from '@docusaurus/plugin-content-docs/client';
import Heading from '@theme/Heading';
import {search} from '@site/src/search/searchClient';
import {versionParamOf, versionUrlOf} from '@site/src/search/searchScope';
import {searchPageUrl} from '@site/src/search/searchPageAddress';
import type {Suggestion} from '@site/src/search/engine/versionIndex';
import {versionStart} from '@site/src/versions/versionTarget';
import {notFoundHelp, samePageElsewhere} from './notFoundHelp';
import styles from './styles.module.css';

/** As many as the search box shows before its footer. */
const SUGGESTIONS = 5;

type Found = {state: 'found'; suggestions: Suggestion[]} | {state: 'failed'};

const plain = (marked: Suggestion['title']) => marked.map((piece) => piece.text).join('');

/** "version 1.0", "versions 1.0 and 0.9 LTS", "versions 3.0, 2.0 and 1.0". */
function versionsNamed(labels: readonly string[]): string {
  return labels.length === 1 ? `version ${labels[0]}` : `versions ${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

function useAddressHelp() {
  const {
    siteConfig: {baseUrl},
  } = useDocusaurusContext();
  const isBrowser = useIsBrowser();
  const {pathname} = useLocation();
  const versions = useVersions(undefined);
  return useMemo(() => {
    if (!isBrowser) return null;
    const help = notFoundHelp(baseUrl, pathname, versions);
    const version = versions.find((candidate) => candidate.name === help.version.name)!;
    const scope = {version: help.version, versionUrl: versionUrlOf(baseUrl, help.version)};
    return {
      ...help,
      versionUrl: scope.versionUrl,
      firstPage: versionStart(version).path,
      searchPage: searchPageUrl(baseUrl, {query: help.query, version: versionParamOf(baseUrl, scope)}),
      elsewhere: samePageElsewhere(baseUrl, pathname, versions),
      baseUrl,
    };
  }, [isBrowser, baseUrl, pathname, versions]);
}

/** What the address's words found, once they have (null until then, and for an address without words). */
function useFound(help: ReturnType<typeof useAddressHelp>): Found | null {
  const [found, setFound] = useState<{for: object; found: Found} | null>(null);
  useEffect(() => {
    if (!help || help.query === '') return undefined;
    let current = true;
    search(help.baseUrl, help.versionUrl, {query: help.query, limit: SUGGESTIONS}).then(
      ({suggestions}) => current && setFound({for: help, found: {state: 'found', suggestions}}),
      () => current && setFound({for: help, found: {state: 'failed'}}),
    );
    return () => {
      current = false;
    };
  }, [help]);
  // Another missing address's answers are not this one's.
  return found?.for === help ? found.found : null;
}

export default function NotFoundPage({className}: {className?: string}): ReactNode {
  const help = useAddressHelp();
  const found = useFound(help);
  const suggestions = found?.state === 'found' ? found.suggestions : [];
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            Page Not Found
          </Heading>
          <p>
            There is no page at this address.{' '}
            {help && help.elsewhere.length > 0
              ? `The same page is in ${versionsNamed(help.elsewhere.map(({label}) => label))}.`
              : 'The link that led here may be mistyped, or the page may have moved.'}
          </p>
          <Heading as="h2" className={styles.heading}>
            Ways on
          </Heading>
          <ul>
            {help?.elsewhere.map(({label, path}) => (
              <li key={path}>
                <Link to={path}>This page in version {label}</Link>
              </li>
            ))}
            <li>
              <Link to="/">The home page</Link>
            </li>
            {help && (
              <li>
                <Link to={help.firstPage}>The first page of version {help.version.label}</Link>
              </li>
            )}
            {help && help.query !== '' && (
              <li>
                <Link to={help.searchPage}>
                  Search version {help.version.label} for “{help.query}”
                </Link>
              </li>
            )}
          </ul>
          <div aria-live="polite">
            {suggestions.length > 0 && (
              <>
                <Heading as="h2" className={styles.heading}>
                  Pages about “{help!.query}”
                </Heading>
                <ul className={styles.suggestions}>
                  {suggestions.map((suggestion) => (
                    <li key={suggestion.url}>
                      <Link to={suggestion.url}>{plain(suggestion.title)}</Link>
                      {suggestion.breadcrumbs.length > 0 && (
                        <span className={styles.breadcrumbs}>{suggestion.breadcrumbs.join(' › ')}</span>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {found?.state === 'found' && suggestions.length === 0 && (
              <p>
                No page of version {help!.version.label} matches “{help!.query}”.
              </p>
            )}
            {found?.state === 'failed' && <p>Pages about these words could not be looked up just now; the search page may find them.</p>}
          </div>
        </div>
      </div>
    </main>
  );
}
