/**
 * What a team brings besides its docs: the site's name and wording, its links, the navbar's label of
 * each sidebar, its Markdown plugins and CSS. They live in one file, `site.config.ts`, which the
 * site's config reads (docusaurus.config.ts) and the pages read through `customFields.site`; moving a
 * Docusaurus site in changes that file and the docs, never the product's code (CONTRIBUTING.md,
 * "Bringing a Docusaurus site").
 */

/** The navbar item type of the links to the docs' sidebars (src/chrome/SidebarLinksNavbarItem). */
export const SIDEBAR_LINKS_ITEM = 'custom-sidebarLinks';

/** A Markdown plugin as Docusaurus takes it: the plugin, or the plugin and its options. */
export type MarkdownPlugin = unknown;

export interface SiteLink {
  label: string;
  href: string;
}

export interface SiteSettings {
  /** The site's name: the navbar, every page's title, the home page and the login page. */
  title: string;
  tagline: string;
  /** Where the site is served in production (canonical links). */
  url: string;
  /** The bar above every page (HTML allowed, as Docusaurus takes it); null for none. */
  announcement: string | null;
  /**
   * The navbar's link to each sidebar of the current version, by sidebar id, in the order wanted.
   * A sidebar not named here gets a link labelled by its id; `false` leaves a sidebar out of the navbar.
   */
  sidebarLabels: Readonly<Record<string, string | false>>;
  /** Links to the team's other places on the navbar's right side, and in the footer. */
  navbarLinks: readonly SiteLink[];
  footerLinks: readonly SiteLink[];
  /** The footer's last line. */
  copyright: string;
  /** The home page's wording. */
  home: {
    /** The button to the current version's first page. */
    start: string;
    /** The heading above the cards of the sections and versions. */
    heading: string;
    /** The paragraph under it. */
    intro: string;
  };
  /** Remark and rehype plugins for every docs version, as in a Docusaurus config's docs options. */
  remarkPlugins: readonly MarkdownPlugin[];
  rehypePlugins: readonly MarkdownPlugin[];
  /** Stylesheets of the team's own, after the product's (paths from the site's folder). */
  customCss: readonly string[];
}

/**
 * What the readers' pages read of it (`customFields.site`): the wording and the sidebar labels, never the
 * plugins. The public login build leaves it out: the sidebars' names are the docs' (docusaurus.login.config.ts).
 */
export type SiteWording = Pick<SiteSettings, 'home' | 'sidebarLabels'>;

/** Pure: the navbar label of a sidebar (its id, words split, first letter capitalised), unless the team named it. */
export function sidebarLabel(id: string, labels: SiteSettings['sidebarLabels']): string | false {
  const named = labels[id];
  if (named !== undefined) return named;
  const words = id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Pure: the sidebars that get a navbar link, in the order of the team's labels, then the file's. */
export function navbarSidebars(ids: readonly string[], labels: SiteSettings['sidebarLabels']): {id: string; label: string}[] {
  const named = Object.keys(labels).filter((id) => ids.includes(id));
  const ordered = [...named, ...ids.filter((id) => !named.includes(id))];
  return ordered.flatMap((id) => {
    const label = sidebarLabel(id, labels);
    return label === false ? [] : [{id, label}];
  });
}
