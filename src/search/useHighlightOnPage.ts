import {useEffect} from 'react';
import {useLocation} from '@docusaurus/router';
import Mark from 'mark.js';
import {highlightedWords} from './highlightParam';

/** Marks the words of `?_highlight=` in the page's article, once its code blocks have rendered. */
export function useHighlightOnPage(): void {
  const {pathname, search} = useLocation();
  useEffect(() => {
    const words = highlightedWords(search);
    // Code blocks render again after this effect (easyops-cn/docusaurus-search-local#92): mark after them.
    const timer = window.setTimeout(() => {
      const article = document.querySelector('article');
      // Most pages have nothing to mark and nothing marked: no walk through the article for them.
      if (!article || (words.length === 0 && !article.querySelector('mark[data-markjs]'))) return;
      const mark = new Mark(article);
      mark.unmark();
      if (words.length > 0) mark.mark(words, {exclude: ['.theme-doc-toc-mobile > button']});
    });
    return () => window.clearTimeout(timer);
  }, [pathname, search]);
}
