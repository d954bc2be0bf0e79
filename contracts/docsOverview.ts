/**
 * What the docs-overview plugin gives the home page (plugins/docsOverview/): each version's landing page
 * and the top-level entries of its sidebar. The plugin writes it, the page reads it with
 * `usePluginData(DOCS_OVERVIEW_PLUGIN)`.
 */
import {AUDIENCE_FIELD} from './audienceMarkers';

export const DOCS_OVERVIEW_PLUGIN = 'docs-overview';

export interface OverviewEntry {
  title: string;
  to: string;
  description?: string;
  [AUDIENCE_FIELD]?: string;
}

export interface VersionOverview {
  label: string;
  /** Whether this is the version served at the site's root. */
  isCurrent: boolean;
  /** Where a reader starts: the version's landing page, else its first page. */
  start: string;
  /** How many pages the version's sidebar holds; null when that depends on who reads. */
  pages: number | null;
  entries: OverviewEntry[];
  [AUDIENCE_FIELD]?: string;
}
