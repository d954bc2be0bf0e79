/**
 * The team's site: its name, wording, links, the navbar's sidebar labels, Markdown plugins and CSS.
 * What a team brings besides its docs goes here and nowhere in the product's code (CONTRIBUTING.md,
 * "Bringing a Docusaurus site"); the values below are the demo site's.
 */
import type {SiteSettings} from './contracts/siteSettings';

/** Where readers write, from the footer and when the login page refuses them. */
const CONTACT = 'hello@tutorial-hub.example.com';

const site: SiteSettings = {
  title: 'Tutorial Hub',
  tagline: 'Step-by-step guides to help you learn effectively',
  url: 'https://tutorial-hub.example.com',
  announcement: 'Welcome to the Tutorial Hub! Stay tuned for more tutorials.',
  sidebarLabels: {tutorialSidebar: 'Tutorials'},
  navbarLinks: [{label: 'GitHub', href: 'https://github.com/tutorial-hub'}],
  footerLinks: [
    {label: 'GitHub', href: 'https://github.com/tutorial-hub'},
    {label: 'Contact us', href: `mailto:${CONTACT}`},
  ],
  copyright: `Copyright © ${new Date().getFullYear()} Tutorial Hub.`,
  contact: CONTACT,
  home: {
    start: 'Start the tutorials',
    heading: 'What you will find here',
    intro: 'Every tutorial is a short sequence of steps you can follow at your desk, with the commands to run and the result to expect.',
  },
  remarkPlugins: [],
  rehypePlugins: [],
  customCss: [],
};

export default site;
