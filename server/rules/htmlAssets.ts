/** The local files an HTML page loads, read from its markup. */

/** `src`/`href` of scripts, links and images; minified HTML leaves many attributes unquoted. */
const ASSET_REFERENCE = /<(?:script|link|img)\b[^>]*?\s(?:src|href)=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/** Local paths (scripts, styles, preloads, icons, images) that the page references. */
export function assetsReferencedBy(html: string): string[] {
  const assets = new Set<string>();
  for (const match of html.matchAll(ASSET_REFERENCE)) {
    const reference = (match[1] ?? match[2] ?? match[3] ?? '').replace(/&amp;/g, '&');
    if (!reference.startsWith('/') || reference.startsWith('//')) continue;
    assets.add(decodeURIComponent(reference.split(/[?#]/)[0]!));
  }
  return [...assets];
}
