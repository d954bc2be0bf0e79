import {describe, expect, it} from 'vitest';
import {isMarked, PAGE_WORD, pageTermsToMark} from '../../src/search/pageHighlight';
import {lunrRules} from '../../src/search/engine/lunrRules';

/** The words of a page's text that get a mark for the `_highlight` words. */
function marked(highlighted: string[], text: string): string[] {
  const words = text.match(PAGE_WORD) ?? [];
  const terms = pageTermsToMark(highlighted, words, lunrRules);
  return words.filter((word) => isMarked(word, terms, lunrRules));
}

const DEPLOY_PAGE = 'Deploy your site. Deploying takes a minute; the deployment is done once deployed. A deployer-friendly guide.';
const COLLAPSIBLE_PAGE = 'Collapsible sections: a collapsible block stays collapsed until opened. Collaborate on it.';
const DEPLOY_TO_GITHUB = 'Set GIT_USER to your GitHub user name: GitHub Pages then serves the site. The user needs a GitHub account.';
const GITHUB_ONLY = 'GitHub Pages serves the site of every GitHub user; gitignore keeps the build out.';
const CONFIGURE_PAGE = 'Configure the site once. Configuring takes a minute; a configured site builds alike. See the configuration file.';

describe('pageTermsToMark: the page marks the words search matched', () => {
  it.each([
    // A word marks its own forms: the same stem.
    [['deploying'], DEPLOY_PAGE, ['Deploy', 'Deploying', 'deployment', 'deployed', 'deployer']],
    [['deployment'], DEPLOY_PAGE, ['Deploy', 'Deploying', 'deployment', 'deployed', 'deployer']],
    // A typo marks the words one typo away when the page has no form of it.
    [['colapsible'], COLLAPSIBLE_PAGE, ['Collapsible', 'collapsible', 'collapsed']],
    // Whole words and their stems, never the longer words a word begins.
    [['configure'], CONFIGURE_PAGE, ['Configure', 'Configuring', 'configured', 'configuration']],
    [['GIT_USER'], DEPLOY_TO_GITHUB, ['GIT', 'USER', 'user', 'user']],
    [['GIT_USER'], GITHUB_ONLY, ['user']],
    [['git'], GITHUB_ONLY, []],
    [['collab'], COLLAPSIBLE_PAGE, []],
    // Several words, and words in any case.
    [['SECTIONS', 'block'], COLLAPSIBLE_PAGE, ['sections', 'block']],
    // A word of the page's own is not corrected into another.
    [['block'], 'A block, and a clock.', ['block']],
    // Nothing the search would not match: stop words, a word the page does not have, nothing at all.
    [['the'], DEPLOY_PAGE, []],
    [['kubernetes'], DEPLOY_PAGE, []],
    [[], DEPLOY_PAGE, []],
  ])('%j on the page → %j', (highlighted, text, expected) => {
    expect(marked(highlighted, text)).toEqual(expected);
  });
});
