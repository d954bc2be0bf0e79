/**
 * The search page (/search?q=…&version=…&ctx=…&more=…, its address: searchPageAddress.ts): every answer
 * of one version, or of one section of it, in the site's layout. The address holds the query: what the
 * reader types is written back to it, and a link to the page with another query is followed. It never
 * dead-ends: the reader chooses the version here; with nothing found, it offers the wider search where
 * that has answers, else a tip (noResults.ts).
 */
import {useEffect, useRef, type MouseEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import Head from '@docusaurus/Head';
import {PageMetadata} from '@docusaurus/theme-common';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import {MAX_QUERY_LENGTH} from '@site/src/search/engine/queryTerms';
import {pageStatus} from '@site/src/search/boxStatus';
import type {SearchAnswer, Suggestion} from '@site/src/search/engine/versionIndex';
import Marked, {plainText} from '@site/src/search/components/Marked';
import NoResultsWayOn from '@site/src/search/components/NoResultsWayOn';
import SearchLink from '@site/src/search/components/SearchLink';
import {withHighlight} from '@site/src/search/highlightParam';
import {noResultsWayOn} from '@site/src/search/noResults';
import {sectionMenuAudience, versionMenuAudience, versionParamOf} from '@site/src/search/searchScope';
import {useSearchVersions} from '@site/src/search/useSearchScope';
import {PAGE_SIZE, useSearchOutcome, useSearchPageState, type SearchPageState} from '@site/src/search/useSearchPage';
import type {Outcome} from '@site/src/search/useSearchAnswer';
import styles from './styles.module.css';
import {audienceOf, Restricted} from '@site/src/audiences/Restricted';
import {AudienceBadges} from '@site/src/audiences/AudienceBadges';
import {rankOf, type SearchEnd} from '@site/src/insights/searchReport';
import {useSearchReport} from '@site/src/insights/useSearchReport';

/** The field, and the version and section menus for the readers who have a choice. */
function Controls({state}: {state: SearchPageState}): ReactNode {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const versions = useSearchVersions();
  const {scope, query, change, field} = state;
  const versionAudience = versionMenuAudience(versions.map((version) => version.audience));
  const sectionAudience = sectionMenuAudience(scope.sections.map(audienceOf));
  return (
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
        onChange={(event) => change({query: event.target.value})}
      />
      {versionAudience !== null && (
        <Restricted audience={versionAudience}>
          <select
            className={clsx(styles.field, styles.menu)}
            aria-label="Version"
            value={scope.version.name}
            onChange={(event) => change({version: versions.find((version) => version.name === event.target.value)!})}>
            {versions.map((version) => (
              <Restricted key={version.name} audience={version.audience}>
                <option value={version.name}>Version {version.label}</option>
              </Restricted>
            ))}
          </select>
        </Restricted>
      )}
      {sectionAudience !== null && (
        <Restricted audience={sectionAudience}>
          <select
            className={clsx(styles.field, styles.menu)}
            aria-label="Search in"
            value={scope.section}
            onChange={(event) => change({section: event.target.value, version: {param: versionParamOf(baseUrl, scope)}})}>
            <option value="">All of {scope.version.label}</option>
            {scope.sections.map((section) => (
              <Restricted key={section.path} audience={audienceOf(section)}>
                <option value={section.path}>{section.label}</option>
              </Restricted>
            ))}
          </select>
        </Restricted>
      )}
    </div>
  );
}

/** How many answers, where; with none, the way on: the wider search where it has answers, else a tip. */
function Status({state, answer, elsewhere}: {state: SearchPageState} & Extract<Outcome, {answer: SearchAnswer}>): ReactNode {
  const versions = useSearchVersions();
  const {scope, query} = state;
  const sectionLabel = scope.sections.find((section) => section.path === scope.section)?.label;
  return (
    <p className={styles.status}>
      {pageStatus(answer.total, query, (answer.total === 0 && sectionLabel) || scope.version.label)}
      {answer.total === 0 && (
        <NoResultsWayOn
          query={query}
          wayOn={noResultsWayOn({inSection: scope.section !== '', versions: versions.length, wider: elsewhere, place: 'page'})}
        />
      )}
    </p>
  );
}

/**
 * One answer, a page's group as the box shows it: headed by the page's title, linked to where it
 * matched; where it is; the heading and the excerpt that matched; the page's other sections that hold the query.
 */
function Result({result, words}: {result: Suggestion; words: readonly string[]}): ReactNode {
  return (
    <article className={styles.result}>
      <h2>
        <SearchLink href={withHighlight(result.url, words)}>
          <Marked text={result.title} />
        </SearchLink>
        <AudienceBadges href={result.url} />
      </h2>
      {result.breadcrumbs.length > 0 && <p className={styles.path}>{result.breadcrumbs.join(' › ')}</p>}
      {result.heading && (
        <p className={styles.heading}>
          <Marked text={result.heading} />
        </p>
      )}
      {result.text && (
        <p className={styles.summary}>
          <Marked text={result.text} />
        </p>
      )}
      {result.more && (
        <ul className={styles.more} aria-label={`More in ${plainText(result.title)}`}>
          {result.more.map((section) => (
            <li key={section.url}>
              <SearchLink href={withHighlight(section.url, words)}>
                <Marked text={section.heading} />
              </SearchLink>
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
  );
}

/** The answers shown, and "Show more results", after which the focus goes to the first answer it added. A result opened ends the search (`onOpen`). */
function Results({state, answer, onOpen}: {state: SearchPageState; answer: SearchAnswer; onOpen: (end: SearchEnd) => void}): ReactNode {
  const shown = answer.suggestions.length;
  const list = useRef<HTMLElement>(null);
  const firstAdded = useRef<number | null>(null);
  useEffect(() => {
    const first = firstAdded.current;
    if (first === null || shown <= first) return;
    firstAdded.current = null;
    list.current?.querySelectorAll<HTMLElement>('article h2 a')[first]?.focus();
  }, [shown]);
  const showMore = () => {
    firstAdded.current = shown;
    state.change({more: 'one more'});
  };
  // A click or a middle click (a new tab); the menu's button opens nothing.
  const opened = (event: MouseEvent<HTMLElement>) => {
    const href = (event.target as Element).closest('a[href]')?.getAttribute('href');
    const rank = href && event.button <= 1 ? rankOf(answer, href) : null;
    if (rank !== null) onOpen({how: 'opened', rank});
  };
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions, jsx-a11y/click-events-have-key-events -- Enter on a link is a click too */}
      <section ref={list} onClick={opened} onAuxClick={opened}>
        {answer.suggestions.map((result) => (
          <Result key={result.url} result={result} words={answer.words} />
        ))}
      </section>
      {answer.total > shown && (
        <button type="button" className={clsx('button button--secondary', styles.showMore)} onClick={showMore}>
          Show more results ({answer.total - shown} more)
        </button>
      )}
    </>
  );
}

function SearchResults(): ReactNode {
  const state = useSearchPageState();
  const {address, scope, query} = state;
  const outcome = useSearchOutcome(scope, query, PAGE_SIZE * (1 + address.more));
  // The page is left once it goes (another page, a closed tab): its search is reported then, unless a result was opened.
  const finishSearch = useSearchReport({
    query,
    results: outcome && 'answer' in outcome ? outcome.answer.total : null,
    shown: true,
    scope: {version: scope.version.name, section: scope.section},
  });
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
      <Controls state={state} />
      {query.trim() !== '' && !outcome && <p aria-busy="true">Searching…</p>}
      {outcome && 'failed' in outcome && (
        <p className="alert alert--danger" role="alert">
          Search is unavailable right now: the index of these docs could not be loaded. Change the query or try again in a moment.
        </p>
      )}
      {outcome && 'answer' in outcome && (
        <>
          <Status state={state} {...outcome} />
          <Results state={state} answer={outcome.answer} onOpen={finishSearch} />
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
