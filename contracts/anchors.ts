/**
 * Which element a link's `#fragment` means. The browser wants the exact id; GitHub, where most docs
 * are first written, also takes an id that differs only in letter case (`#compileValidationSchema` for
 * the heading `compilevalidationschema`), and `npm run check:docs` accepts what the site then scrolls to.
 * One rule for both: the browser (src/clientModules/anchorCase.ts) and the docs checker (plugins/checkDocs).
 */
export function matchingAnchor(ids: readonly string[], fragment: string): string | undefined {
  if (fragment === '' || ids.includes(fragment)) return undefined;
  const wanted = fragment.toLowerCase();
  return ids.find((id) => id.toLowerCase() === wanted);
}

/** The id a URL's hash names, decoded ('' when there is none or it cannot be decoded). */
export function fragmentOf(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return '';
  }
}
