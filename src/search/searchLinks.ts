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
