/**
 * The search page (/search?q=…&version=…&ctx=…): every answer of one version, or of one section of it,
 * in the site's layout. The address holds the query: what the reader types is written back to it, and
 * a link to the page with another query is followed. It never dead-ends: the reader chooses the version
 * here; with nothing in a section, it offers the whole version; with nothing in the version, another
 * version that has answers.
 */
import {useCallback, useEffect, useEffectEvent, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Head from '@docusaurus/Head';
import {PageMetadata} from '@docusaurus/theme-common';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Layout from '@theme/Layout';
import {MAX_QUERY_LENGTH} from '@site/src/search/engine/queryTerms';
import {pageStatus} from '@site/src/search/boxStatus';
import type {SearchAnswer} from '@site/src/search/engine/versionIndex';
import Marked, {plainText} from '@site/src/search/components/Marked';
import ElsewhereLink, {type Elsewhere} from '@site/src/search/components/ElsewhereLink';
import {withHighlight} from '@site/src/search/highlightParam';
import {searchPageUrl} from '@site/src/search/searchLinks';
import {search, versionWithAnswers} from '@site/src/search/searchClient';
import {sectionMenuAudience, versionMenuAudience, versionParamOf} from '@site/src/search/searchScope';
import {useSearchPageScope, useSearchVersions, type SearchVersion} from '@site/src/search/useSearchScope';
import styles from './styles.module.css';
import {audienceOf, Restricted} from '@site/src/audiences/Restricted';

/** Answers shown at first, and added by each "Show more results". */
const PAGE_SIZE = 20;
/** A page's other sections that hold the query, listed under it (DocSearch's hits grouped by page, Pagefind's sub-results). */
const MORE_SECTIONS = 3;

type Outcome = {query: string; key: string} & ({answer: SearchAnswer; elsewhere?: Elsewhere} | {failed: true});

function SearchResults(): ReactNode {
  const {
    siteConfig: {baseUrl},
  } = useDocusaurusContext();
  const history = useHistory();
  const location = useLocation();
  const isBrowser = useIsBrowser();
  const scope = useSearchPageScope();
  const versions = useSearchVersions();
  // The address is read once hydrated: the server rendered the page without it.
  const addressQuery = isBrowser ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [query, setQuery] = useState(addressQuery.slice(0, MAX_QUERY_LENGTH));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const written = useRef<string | null>(null);
  const latest = useRef(0);

  const key = `${scope.versionUrl}|${scope.context}`;
  // How many answers the reader asked to see, for this query in this scope; a new query starts again at one page.
  const [asked, setAsked] = useState({for: '', limit: PAGE_SIZE});
  const limit = asked.for === `${key}|${query}` ? asked.limit : PAGE_SIZE;
  // The first answer a "Show more results" added, which takes the focus once shown.
  const firstAdded = useRef<number | null>(null);
  useEffect(() => {
    if (!isBrowser || query.trim() === '') return;
    const id = ++latest.current;
    const others = versions.filter((version) => version.versionUrl !== scope.versionUrl);
    search(baseUrl, scope.versionUrl, {query, limit, within: scope.context || undefined, more: MORE_SECTIONS}).then(
      async (answer) => {
        if (id !== latest.current) return;
        setOutcome({query, key, answer});
        // Nothing in the whole version: whether another version has answers is added when known.
        if (answer.total > 0 || scope.context !== '' || others.length === 0) return;
        try {
          const elsewhere = await versionWithAnswers(baseUrl, query, others);
          if (elsewhere && id === latest.current) setOutcome({query, key, answer, elsewhere});
        } catch (error) {
          console.warn('The other versions could not be searched:', error);
        }
      },
      (error: unknown) => {
        console.error('Search failed:', error);
        if (id === latest.current) setOutcome({query, key, failed: true});
      },
    );
  }, [isBrowser, baseUrl, scope.versionUrl, scope.context, query, key, versions, limit]);

  const writeAddress = useCallback(
    (changes: Record<string, string | null>) => {
      const params = new URLSearchParams(location.search);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '') params.delete(name);
        else params.set(name, value);
      }
      if ('q' in changes) written.current = changes.q ?? '';
      history.replace({search: params.toString()});
    },
    [history, location.search],
  );

  const onQueryChange = (value: string) => {
    const next = value.slice(0, MAX_QUERY_LENGTH);
    setQuery(next);
    writeAddress({q: next});
  };

  const field = useRef<HTMLInputElement>(null);
  // A query that came in the address from elsewhere (a link, the first render), not one this page wrote.
  // Once hydrated, what the reader typed while the page's code was still on its way wins over an empty address.
  const fromAddress = useEffectEvent(() => {
    const typedEarly = written.current === null && addressQuery === '' ? (field.current?.value ?? '') : '';
    if (typedEarly !== '') onQueryChange(typedEarly);
    else if (addressQuery !== written.current) setQuery(addressQuery.slice(0, MAX_QUERY_LENGTH));
  });
  useEffect(() => fromAddress(), [addressQuery]);

  // A section belongs to one version: choosing one (or the whole version) keeps the address naming both.
  const onSectionChange = (section: string) => writeAddress({ctx: section, version: versionParamOf(baseUrl, scope)});
  // Another version has sections of its own: the whole of it is searched.
  const searchVersion = (version: SearchVersion) => writeAddress({version: version.param, ctx: null});
  const sectionLabel = scope.contexts.find((section) => section.path === scope.context)?.label;

  const shown = outcome && outcome.query === query && outcome.key === key ? outcome : null;
  const results = useRef<HTMLElement>(null);
  const shownCount = shown && 'answer' in shown ? shown.answer.suggestions.length : 0;
  useEffect(() => {
    const first = firstAdded.current;
    if (first === null || shownCount <= first) return;
    firstAdded.current = null;
    results.current?.querySelectorAll<HTMLElement>('article h2 a')[first]?.focus();
  }, [shownCount]);
  const showMore = () => {
    firstAdded.current = shownCount;
    setAsked({for: `${key}|${query}`, limit: shownCount + PAGE_SIZE});
  };
  const menuAudience = sectionMenuAudience(scope.contexts.map(audienceOf));
  const versionAudience = versionMenuAudience(versions.map((version) => version.audience));
  const heading = query.trim() === '' ? 'Search the documentation' : `Search results for "${query}"`;

  return (
    <div className="container margin-vert--lg">
      {/* The site's title template, as on every other page: "… | Tutorial Hub". */}
      <PageMetadata title={heading} />
      <Head>
        <meta name="robots" content="noindex, follow" />
      </Head>
      <h1>{heading}</h1>
      {scope.notice && (
        <p className="alert alert--info" role="status">
          {scope.notice}
        </p>
      )}
      <div className={styles.controls}>
        <input
          ref={field}
          type="search"
          name="q"
          className={clsx(styles.field, styles.query)}
          aria-label="Search"
          autoComplete="off"
          maxLength={MAX_QUERY_LENGTH}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
        />
        {versionAudience !== null && (
          <Restricted audience={versionAudience}>
            <select
              className={clsx(styles.field, styles.menu)}
              aria-label="Version"
              value={scope.version.name}
              onChange={(event) => searchVersion(versions.find((version) => version.name === event.target.value)!)}>
              {versions.map((version) => (
                <Restricted key={version.name} audience={version.audience}>
                  <option value={version.name}>Version {version.label}</option>
                </Restricted>
              ))}
            </select>
          </Restricted>
        )}
        {menuAudience !== null && (
          <Restricted audience={menuAudience}>
            <select
              className={clsx(styles.field, styles.menu)}
              aria-label="Search in"
              value={scope.context}
              onChange={(event) => onSectionChange(event.target.value)}>
              <option value="">All of {scope.version.label}</option>
              {scope.contexts.map((section) => (
                <Restricted key={section.path} audience={audienceOf(section)}>
                  <option value={section.path}>{section.label}</option>
                </Restricted>
              ))}
            </select>
          </Restricted>
        )}
      </div>
      {query.trim() !== '' && !shown && <p aria-busy="true">Searching…</p>}
      {shown && 'failed' in shown && (
        <p className="alert alert--danger" role="alert">
          Search is unavailable right now: the index of these docs could not be loaded. Change the query or try again in a moment.
        </p>
      )}
      {shown && 'answer' in shown && (
        <>
          <p>
            {pageStatus(shown.answer.total, query, shown.answer.total === 0 && sectionLabel ? sectionLabel : scope.version.label)}
            {shown.answer.total === 0 && sectionLabel !== undefined && (
              <>
                {' '}
                <Link to={searchPageUrl(baseUrl, {query, version: versionParamOf(baseUrl, scope)})}>
                  Search all of {scope.version.label}
                </Link>
              </>
            )}
            {shown.elsewhere && <ElsewhereLink query={query} elsewhere={shown.elsewhere} />}
          </p>
          <section ref={results}>
            {shown.answer.suggestions.map((result) => (
              <article key={result.url} className={styles.result}>
                <h2>
                  <Link to={withHighlight(result.url, shown.answer.words)}>
                    <Marked text={result.heading ?? result.title} />
                  </Link>
                </h2>
                <p className={styles.path}>
                  {[...result.breadcrumbs, ...(result.heading ? [result.title.map((piece) => piece.text).join('')] : [])].join(' › ')}
                </p>
                {result.text && (
                  <p className={styles.summary}>
                    <Marked text={result.text} />
                  </p>
                )}
                {result.more && (
                  <ul className={styles.more} aria-label={`More in ${plainText(result.title)}`}>
                    {result.more.map((section) => (
                      <li key={section.url}>
                        <Link to={withHighlight(section.url, shown.answer.words)}>
                          <Marked text={section.heading} />
                        </Link>
                        {section.text && (
                          <p className={styles.summary}>
                            <Marked text={section.text} />
                          </p>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </article>
            ))}
          </section>
          {shown.answer.total > shownCount && (
            <button type="button" className={clsx('button button--secondary', styles.showMore)} onClick={showMore}>
              Show more results ({shown.answer.total - shownCount} more)
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** In a main landmark (the skip link's target); no autofocus, so that the skip link and the heading come first. */
export default function SearchPage(): ReactNode {
  return (
    <Layout>
      <main>
        <SearchResults />
      </main>
    </Layout>
  );
}
