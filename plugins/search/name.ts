/** The search plugin as the site's config names it: the login build's config leaves it out by this name. */
export const SEARCH_PLUGIN = './plugins/search/index.ts';
