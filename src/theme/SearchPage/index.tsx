import {useEffect, type ReactNode} from 'react';
import SearchPage from '@theme-original/SearchPage';

/**
 * The search plugin's page renders its section filter (`select#context-selector`, shown because
 * of `searchContextByPaths`) with no label (axe rule `select-name`); the plugin offers no way to
 * give it one, so it is named here once the page is in the DOM.
 */
export default function SearchPageWrapper(): ReactNode {
  useEffect(() => {
    document.getElementById('context-selector')?.setAttribute('aria-label', 'Search in');
  }, []);
  return <SearchPage />;
}
