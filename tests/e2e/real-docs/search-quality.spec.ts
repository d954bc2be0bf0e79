/**
 * Search on docs we did not write, as their readers would use it: each reader query asked from a page
 * in the answer's own folder and from one in the other folder. The answer must be among the eight
 * suggestions (recall@8 ≥ 0.95) and near the top (mean reciprocal rank ≥ 0.85), and no page may be
 * suggested twice.
 *
 * The ranking is the search worker's engine (src/search/engine) over the built index, run here without
 * a browser, for every query; the browser then shows, for some queries typed into the navbar box, the
 * very list the engine gives, and that list does not change once shown.
 */
import {MANIFEST_FILE} from '../../../contracts/searchIndexFiles';
import {plainText} from '../../../src/search/components/Marked';
import type {SearchAnswer} from '../../../src/search/engine/versionIndex';
import {builtSearchEngine} from '../../../testkit/builtSearchIndex';
import {builtPageTitle, QUALITY_GOALS, rankFigures, readerQueries} from '../../../testkit/realDocs';
import {expect, FIXTURE_SITE_BUILD, test} from '../fixtureSite';

/** The fixture's folders: each is a section of the version at the root, so the box ranks its own pages first from within it. */
const FOLDERS = ['Reference', 'Guides'];

/** As many suggestions as the navbar box shows. */
const SHOWN = 8;

/** The version at the root of the built fixture site, read from its files as the worker fetches them. */
const builtIndex = () => builtSearchEngine(FIXTURE_SITE_BUILD, `/${MANIFEST_FILE}`).index;

/** What the box shows of a suggestion: its page's title and where the page is. */
const shownOf = (answer: SearchAnswer) =>
  answer.suggestions.map((suggestion) => ({title: plainText(suggestion.title), page: suggestion.url.split('#')[0]!}));

const titleOf = (url: string) => builtPageTitle(FIXTURE_SITE_BUILD, url);

test('reader queries, from a page in their own folder and from one in the other, find their page near the top', async ({}, testInfo) => {
  const index = builtIndex();
  const outcomes = [];
  for (const {query, expected, folder} of readerQueries()) {
    for (const section of FOLDERS) {
      const shown = shownOf(await index.search({query, limit: SHOWN, section}));
      const rank = shown.findIndex((suggestion) => suggestion.title === titleOf(expected)) + 1;
      const from = section === folder ? 'its own folder' : 'the other folder';
      outcomes.push({query, expected, from, rank, pages: shown.map((suggestion) => suggestion.page)});
    }
  }
  const {recall, meanReciprocalRank: mrr} = rankFigures(outcomes.map((outcome) => outcome.rank));
  await testInfo.attach('outcomes.json', {body: JSON.stringify({recall, mrr, outcomes}, null, 2), contentType: 'application/json'});

  expect(outcomes.length).toBeGreaterThanOrEqual(50);
  expect(outcomes.filter((outcome) => new Set(outcome.pages).size !== outcome.pages.length)).toEqual([]);
  expect(recall, 'recall@8').toBeGreaterThanOrEqual(QUALITY_GOALS.recall);
  expect(mrr, 'mean reciprocal rank').toBeGreaterThanOrEqual(QUALITY_GOALS.meanReciprocalRank);
});

test("the navbar box shows the engine's list for a reader query, and keeps it", async ({page, siteGate, searchBox}) => {
  const index = builtIndex();
  for (const folder of FOLDERS) {
    await page.goto(`${siteGate.origin}/${folder}`);
    const {box, popup} = searchBox;
    // One query answered in this folder, one in the other: the reader's section orders the list.
    for (const {query} of FOLDERS.map((answerFolder) => readerQueries().find((candidate) => candidate.folder === answerFolder)!)) {
      await box.fill(query.slice(0, -1));
      // The last key as a reader presses it: the box answers what was typed.
      await box.press(query.at(-1)!);
      await expect(box).toHaveAttribute('aria-busy', 'false');
      const titles = shownOf(await index.search({query, limit: SHOWN, section: folder})).map((suggestion) => suggestion.title);
      // Each page a group named by its title; its other sections, options under its own.
      const pages = popup.getByRole('listbox').getByRole('group');
      await expect(pages.locator('[role="option"]:first-child > :first-child')).toHaveText(titles);
      // Nothing typed for 100 ms: the list shown is the one answer to the query.
      const changed = await popup.evaluate(async (element) => {
        let mutations = 0;
        const observer = new MutationObserver((records) => (mutations += records.length));
        observer.observe(element, {subtree: true, childList: true, characterData: true});
        await new Promise((resolve) => setTimeout(resolve, 100));
        observer.disconnect();
        return mutations;
      });
      expect(changed, `changes to the list for "${query}" with nothing typed`).toBe(0);
      await box.fill('');
    }
  }
});
