/**
 * Every page of the site a signed-in reader can open, with what the reader sees first:
 * the document title (browser tab) and the page's H1. Doc H1s are the `title` front matter of
 * the Markdown files under docs/ and versioned_docs/version-1.0/; category pages take their
 * label from `_category_.json`; /1.0 is the generated index of versioned_sidebars/.
 */
export interface SiteRoute {
  /** The path as the site names it (may contain spaces). */
  path: string;
  /** The URL to open: `path`, percent-encoded. */
  url: string;
  /** The document title. */
  title: string;
  /** The page's only H1. */
  h1: string;
}

const SITE_TITLE = 'Tutorial Hub';

function page(path: string, h1: string, title = `${h1} | ${SITE_TITLE}`): SiteRoute {
  return {path, url: encodeURI(path), title, h1};
}

export const ROUTES: readonly SiteRoute[] = [
  // src/pages/index.tsx: <Layout title="Home">, H1 is the site title.
  page('/', SITE_TITLE, `Home | ${SITE_TITLE}`),
  // The search page: its title through the site's template, as on every page.
  page('/search', 'Search the documentation'),
  // docs/ (version 2.0, the current one, at the root)
  page('/chapter-1-introduction', 'Chapter 1: Introduction'),
  page('/reusable1', 'Before you start'),
  page('/Chapter 2_ Documentation', 'Chapter 2: Documentation'),
  // versioned_docs/version-1.0/
  page('/1.0', 'Tutorial Hub 1.0'),
  page('/1.0/chapter-1-introduction', 'Chapter 1: Introduction'),
  page('/1.0/Collapsible', 'Collapsible Sections'),
  page('/1.0/intro', 'Introduction to Tutorial Hub 1.0'),
  page('/1.0/test', 'Markdown Feature Test'),
  page('/1.0/tutorial-intro', 'Tutorial Intro'),
  page('/1.0/tutorial-basics/congratulations', 'Congratulations!'),
  page('/1.0/tutorial-basics/create-a-blog-post', 'Create a Blog Post'),
  page('/1.0/tutorial-basics/create-a-document', 'Create a Document'),
  page('/1.0/tutorial-basics/create-a-page', 'Create a Page'),
  page('/1.0/tutorial-basics/deploy-your-site', 'Deploy Your Site'),
  page('/1.0/tutorial-basics/markdown-features', 'Markdown Features'),
  page('/1.0/tutorial-extras/manage-docs-versions', 'Manage Docs Versions'),
  page('/1.0/tutorial-extras/translate-your-site', 'Translate Your Site'),
  page('/1.0/category/tutorial---basics', 'Tutorial - Basics'),
  page('/1.0/category/tutorial---extras', 'Tutorial - Extras'),
];
