/**
 * What a team brings besides its docs: the site's name and wording, its links, the navbar's label of
 * each sidebar, its Markdown plugins and CSS. They live in one file, `site.config.ts`, which the
 * site's config reads (docusaurus.config.ts) and the pages read through `customFields.site`; moving a
 * Docusaurus site in changes that file and the docs, never the product's code (CONTRIBUTING.md,
 * "Bringing a Docusaurus site").
 */

import {isEmailAddress} from './email';

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
   * A sidebar not named here gets a link labelled from its id (sidebarLabel); `false` leaves a sidebar out of the navbar.
   */
  sidebarLabels: Readonly<Record<string, string | false>>;
  /** Links to the team's other places on the navbar's right side, and in the footer. */
  navbarLinks: readonly SiteLink[];
  footerLinks: readonly SiteLink[];
  /** The footer's last line. */
  copyright: string;
  /**
   * Where a reader asks the team for access: an email address, or a web page (`https://…`); null for none. The
   * login page shows it to whoever it refuses, so it must be one the team is happy to show anyone.
   */
  contact: string | null;
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
 * What the readers' pages read of it (`customFields.site`): the wording, never the plugins. The sidebar
 * labels reach the navbar through the audiences plugin's global data, where each reader gets only those
 * of the sidebars they may open (plugins/audiences/index.ts). The public login build leaves it out.
 */
export type SiteWording = Pick<SiteSettings, 'home'>;

/** The site's contact as the login page links to it (`customFields.contact`, in the site and the login build). */
export type SiteContact = {kind: 'email'; address: string} | {kind: 'web'; url: string};

/**
 * Pure: `contact` of site.config.ts as a link's target; anything else is the team's slip, which the build names.
 * The build loads the file without checking its types: a site.config.ts from before the setting has none.
 */
export function siteContactOf(contact: string | null | undefined): SiteContact | null {
  if (contact === null || contact === undefined) return null;
  const value = contact.trim();
  if (/^https?:\/\//i.test(value) && URL.canParse(value)) return {kind: 'web', url: new URL(value).href};
  const address = value.replace(/^mailto:/i, '');
  // Nothing a mailto link would read as more than the address (the login page adds the subject).
  if (isEmailAddress(address) && !/[/?#:]/.test(address)) return {kind: 'email', address};
  throw new Error(
    `site.config.ts: contact is ${JSON.stringify(contact)}; it takes an email address (team@example.com), a web page (https://example.com/access), or null for none.`,
  );
}

/** The words of a sidebar id: `apiReference`, `api-reference` and `api_reference` are "api Reference", "api reference". */
function idWords(id: string): string[] {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean);
}

/** Words a label writes in capitals (Docusaurus sites label their reference "API", not "Api"). */
const CAPITALS: Readonly<Record<string, string>> = {
  api: 'API',
  apis: 'APIs',
  cli: 'CLI',
  sdk: 'SDK',
  sdks: 'SDKs',
  faq: 'FAQ',
  faqs: 'FAQs',
};

/** What a site's one main sidebar is called when its id says nothing more (`defaultSidebar`, `mainSidebar`, `sidebar`). */
const MAIN_SIDEBAR = 'Docs';
const SAYS_NOTHING: ReadonlySet<string> = new Set(['default', 'main', 'primary', 'doc']);

/** Words as a label: capitals where the word takes them, the first letter in upper case. */
function asLabel(words: readonly string[]): string {
  const text = words.map((word) => CAPITALS[word.toLowerCase()] ?? word).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Pure: the navbar label of a sidebar the team did not name, from its id, as the best Docusaurus sites
 * label theirs: by what the sidebar holds ("Tutorial", "API", "Guides"), which is what a team names its
 * sidebar ids after. The word "sidebar" names nothing a reader looks for and is left out
 * (`tutorialSidebar` → "Tutorial", as Docusaurus's own template labels it); an id that then says nothing
 * more (`defaultSidebar`, `main`) is the site's docs: "Docs".
 */
function labelOfId(id: string): string {
  const words = idWords(id).filter((word) => word.toLowerCase() !== 'sidebar');
  if (words.length === 0 || (words.length === 1 && SAYS_NOTHING.has(words[0]!.toLowerCase()))) return MAIN_SIDEBAR;
  return asLabel(words);
}

/** Pure: the navbar label of a sidebar: the team's (site.config.ts), else one made from its id (labelOfId). */
export function sidebarLabel(id: string, labels: SiteSettings['sidebarLabels']): string | false {
  const named = labels[id];
  return named !== undefined ? named : labelOfId(id);
}

/**
 * Pure: the sidebars that get a navbar link, in the order of the team's labels, then the file's. Two
 * links never read alike because of a label made from ids: such a link is labelled with its id's words in full.
 */
export function navbarSidebars(ids: readonly string[], labels: SiteSettings['sidebarLabels']): {id: string; label: string}[] {
  const named = Object.keys(labels).filter((id) => ids.includes(id));
  const ordered = [...named, ...ids.filter((id) => !named.includes(id))];
  const links = ordered.flatMap((id) => {
    const label = sidebarLabel(id, labels);
    return label === false ? [] : [{id, label}];
  });
  const count = (label: string) => links.filter((link) => link.label === label).length;
  return links.map(({id, label}) => (labels[id] === undefined && count(label) > 1 ? {id, label: asLabel(idWords(id))} : {id, label}));
}
