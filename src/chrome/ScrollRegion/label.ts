/** Column headings named in a scrolling table's label; more would make it long to hear. */
const NAMED_HEADINGS = 3;

/**
 * The name of a table's scrolling region, as a screen reader announces it when the region takes
 * focus: the table and its first column headings, so that two tables on a page are told apart.
 */
export function tableRegionLabel(headings: readonly string[]): string {
  const named = headings
    .map((heading) => heading.replace(/\s+/g, ' ').trim())
    .filter((heading) => heading !== '')
    .slice(0, NAMED_HEADINGS);
  if (named.length === 0) return 'Table';
  const more = headings.filter((heading) => heading.trim() !== '').length > named.length ? ', …' : '';
  return `Table: ${named.join(', ')}${more}`;
}
