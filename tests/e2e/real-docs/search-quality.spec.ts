/**
 * Search on docs we did not write, as their readers would use it: each reader query typed into the
 * navbar box from a page in the answer's own folder and from one in the other folder. The answer must
 * be among the eight suggestions (recall@8 ≥ 0.95) and near the top (mean reciprocal rank ≥ 0.85),
 * no suggestion may repeat another, and a list once shown must not change.
 */
import {builtPageTitle, QUALITY_GOALS, rankFigures, readerQueries} from '../../../testkit/realDocs';
import {navbarSearch} from '../../support/search';
import {expect, FIXTURE_SITE_BUILD, readingTest as test} from '../fixtureSite';

const FOLDERS = ['Reference', 'Guides'];

const titleOf = (url: string) => builtPageTitle(FIXTURE_SITE_BUILD, url);

interface Outcome {
  query: string;
  expected: string;
  /** 1-based; 0 when not among the suggestions. */
  rank: number;
  shown: string[];
  changedAfterShown: boolean;
}

for (const where of ['its own folder', 'the other folder'] as const) {
  test(`reader queries from a page in ${where}`, async ({page, siteGate}, testInfo) => {
    test.setTimeout(120_000);
    const outcomes: Outcome[] = [];
    for (const from of FOLDERS) {
      const queries = readerQueries().filter((query) => (where === 'its own folder') === (query.folder === from));
      await page.goto(`${siteGate.origin}/${from}`);
      const {box, popup} = navbarSearch(page);
      for (const {query, expected} of queries) {
        await box.fill('');
        // All but the last key at once, then the last key as a reader presses it: the box answers what was typed.
        await box.fill(query.slice(0, -1));
        await box.press(query.at(-1)!);
        await expect(box).toHaveAttribute('aria-busy', 'false');
        // What the list shows, and whether it changes in the next 100 ms with nothing typed (one answer per query: it never should).
        const {shown, changed} = await popup.evaluate(async (element) => {
          // Each suggestion as a reader tells it from the others: its page's title and where that page is.
          const titles = () =>
            Array.from(element.querySelectorAll('[role="option"]')).map((option) => ({
              title: option.firstElementChild?.textContent ?? '',
              place: option.lastElementChild?.textContent ?? '',
            }));
          let mutations = 0;
          const observer = new MutationObserver((records) => (mutations += records.length));
          const before = titles();
          observer.observe(element, {subtree: true, childList: true, characterData: true});
          await new Promise((resolve) => setTimeout(resolve, 100));
          observer.disconnect();
          return {shown: before, changed: mutations > 0 || JSON.stringify(titles()) !== JSON.stringify(before)};
        });
        const rank = shown.findIndex((suggestion) => suggestion.title === titleOf(expected)) + 1;
        outcomes.push({query, expected, rank, shown: shown.map(({title, place}) => `${title} (${place})`), changedAfterShown: changed});
      }
    }
    const {recall, meanReciprocalRank: mrr} = rankFigures(outcomes.map((outcome) => outcome.rank));
    await testInfo.attach('outcomes.json', {body: JSON.stringify({recall, mrr, outcomes}, null, 2), contentType: 'application/json'});

    expect(outcomes.length).toBeGreaterThanOrEqual(25);
    expect(outcomes.filter((outcome) => new Set(outcome.shown).size !== outcome.shown.length)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.changedAfterShown).map((outcome) => outcome.query)).toEqual([]);
    expect(recall, 'recall@8').toBeGreaterThanOrEqual(QUALITY_GOALS.recall);
    expect(mrr, 'mean reciprocal rank').toBeGreaterThanOrEqual(QUALITY_GOALS.meanReciprocalRank);
  });
}
