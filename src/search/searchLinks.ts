/** Addresses of the search page, as the box's footer and its "other version" hint link to it. */

export interface SearchPageLink {
  query: string;
  /** The version's folder below the base URL (`1.0/`), or null for the version at the root. */
  version: string | null;
  /** A section's path below the base URL, to keep to it. */
  section?: string;
}

export function searchPageUrl(baseUrl: string, {query, version, section}: SearchPageLink): string {
  const params = new URLSearchParams({q: query});
  if (section) params.set('ctx', section);
  if (version !== null) params.set('version', version);
  return `${baseUrl}search?${params.toString()}`;
}

export interface FooterInput extends SearchPageLink {
  /** The reader's section, with its label. */
  readerSection?: {path: string; label: string};
  /** The answer shown for this query, if any: how many of its suggestions are in the reader's section. */
  answered?: {shown: number; inSection: number};
}

/**
 * The links under the box's suggestions (the specification's three): "See all results" of the
 * version; on a page in a section, "within" it; or, when every answer shown lies elsewhere,
 * "outside" it (the version's, which is where they are).
 */
export function footerLinks(baseUrl: string, {readerSection, answered, ...link}: FooterInput): {label: string; href: string}[] {
  const all = searchPageUrl(baseUrl, {...link, section: undefined});
  if (!readerSection) return [{label: 'See all results', href: all}];
  if (answered && answered.shown > 0 && answered.inSection === 0) {
    return [{label: `See all results outside "${readerSection.label}"`, href: all}];
  }
  return [
    {label: 'See all results', href: all},
    {label: `See all results within "${readerSection.label}"`, href: searchPageUrl(baseUrl, {...link, section: readerSection.path})},
  ];
}
