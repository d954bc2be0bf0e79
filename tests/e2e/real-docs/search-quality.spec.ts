/**
 * Search on docs we did not write, in the navbar box: for some reader queries, the box shows the very
 * list the search worker's engine gives over the built index, and that list does not change once shown.
 * How well the engine ranks every query is tests/integration/search-quality.test.ts.
 */
import {readerQueries} from '../../../testkit/realDocs';
import {builtIndex, FOLDERS, sectionOf, SHOWN, shownOf} from '../../support/realDocsSearch';
import {currentDocsAddress} from '../../support/fixtureSite';
import {expect, test} from '../fixtureSite';

test("the navbar box shows the engine's list for a reader query, and keeps it", async ({page, siteGate, searchBox}) => {
  const index = builtIndex();
  for (const folder of FOLDERS) {
    await page.goto(`${siteGate.origin}${currentDocsAddress(`/${folder}`)}`);
    const {box, popup} = searchBox;
    // One query answered in this folder, one in the other: the reader's section orders the list.
    for (const {query} of FOLDERS.map((answerFolder) => readerQueries().find((candidate) => candidate.folder === answerFolder)!)) {
      await box.fill(query.slice(0, -1));
      // The last key as a reader presses it: the box answers what was typed.
      await box.press(query.at(-1)!);
      await expect(box).toHaveAttribute('aria-busy', 'false');
      const titles = shownOf(await index.search({query, limit: SHOWN, section: sectionOf(folder)})).map((suggestion) => suggestion.title);
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
