import {useEffect} from 'react';
import {useLocation} from '@docusaurus/router';
import Mark from 'mark.js';
import {highlightedWords} from './highlightParam';
import {isMarked, PAGE_WORD, pageTermsToMark} from './pageHighlight';

/**
 * Marks in the page's article the words search matched for `?_highlight=` (pageHighlight.ts: their
 * forms, and a typo's corrections), once its code blocks have rendered. lunr's rules load only then,
 * in a chunk of their own, and only on a page opened from search.
 */
export function useHighlightOnPage(): void {
  const {pathname, search} = useLocation();
  useEffect(() => {
    const words = highlightedWords(search);
    let cancelled = false;
    // Code blocks render again after this effect (easyops-cn/docusaurus-search-local#92): mark after them.
    const timer = window.setTimeout(async () => {
      const article = document.querySelector('article');
      // Most pages have nothing to mark and nothing marked: no walk through the article for them.
      if (!article || (words.length === 0 && !article.querySelector('mark[data-markjs]'))) return;
      const mark = new Mark(article);
      mark.unmark();
      if (words.length === 0) return;
      const {lunrRules} = await import('./engine/lunrRules');
      if (cancelled) return;
      const terms = pageTermsToMark(words, article.textContent?.match(PAGE_WORD) ?? [], lunrRules);
      if (terms.size === 0) return;
      mark.markRegExp(new RegExp(PAGE_WORD.source, PAGE_WORD.flags), {
        exclude: ['.theme-doc-toc-mobile > button'],
        filter: (_node, word) => isMarked(word, terms, lunrRules),
      });
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [pathname, search]);
}
