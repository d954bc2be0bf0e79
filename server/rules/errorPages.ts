/**
 * Pages of ours for answers a browser would otherwise show as its own bare error, in the site's
 * chrome: the public login build's stylesheets, announcement bar and footer, and its colour-mode
 * script (an inline script whose CSP hash the gate already allows), so that they look like the site
 * in either mode. A plain sentence and a link onward; nothing of the request but an escaped link back.
 */
import {assetsReferencedBy} from './htmlAssets';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Seconds a browser or a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 10;

/** What an error page borrows from the public login page of the build being served. */
export interface PageChrome {
  stylesheets: readonly string[];
  /** The inline script that applies the reader's colour mode before the page shows. */
  themeScript: string | null;
  /** The hidden SVG sprite the footer's icons refer to. */
  sprite: string | null;
  announcement: string | null;
  footer: string | null;
  /** The site's name (site.config.ts), as the login page's title ends with it: `Sign in | Tutorial Hub`. */
  siteName: string;
}

/** The element that starts at `start` (a `<tag` of `html`), nested ones of the same tag included. */
function elementAt(html: string, start: number, tag: string): string | null {
  const pattern = new RegExp(`<${tag}\\b|</${tag}>`, 'gi');
  pattern.lastIndex = start;
  let depth = 0;
  for (let match = pattern.exec(html); match !== null; match = pattern.exec(html)) {
    depth += match[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return html.slice(start, match.index + match[0].length);
  }
  return null;
}

function firstElement(html: string, opening: RegExp, tag: string): string | null {
  const match = opening.exec(html);
  return match ? elementAt(html, match.index, tag) : null;
}

/** The chrome of a login page as Docusaurus rendered it (`files`: the build's files, to keep only its own stylesheets). */
export function chromeOf(loginHtml: string, files: ReadonlySet<string>): PageChrome {
  const themeScript = [...loginHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .find((body) => body.includes('data-theme'));
  return {
    stylesheets: assetsReferencedBy(loginHtml).filter((asset) => asset.endsWith('.css') && files.has(asset.slice(1))),
    themeScript: themeScript ?? null,
    sprite: firstElement(loginHtml, /<svg\b[^>]*display: ?none/, 'svg'),
    announcement: firstElement(loginHtml, /<div\b[^>]*theme-announcement-bar/, 'div'),
    footer: firstElement(loginHtml, /<footer\b/, 'footer'),
    siteName: /<title\b[^>]*>[^<]*\|\s*([^<|]+?)\s*<\/title>/.exec(loginHtml)?.[1] ?? 'this site',
  };
}

interface ErrorPage {
  title: string;
  heading: string;
  message: string;
  link: {label: string; href: string};
  chrome: PageChrome;
}

/** `#__docusaurus` is the site's column (its stylesheet's), so the footer sits at the bottom as on every page. */
function errorPage({title, heading, message, link, chrome}: ErrorPage): string {
  // The name is the login page's escaped text already; escaped again, an `&amp;` in it would show as such.
  const site = chrome.siteName;
  const links = chrome.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | ${site}</title>
<link rel="icon" href="/img/favicon.svg">
${links}
</head>
<body>
${chrome.themeScript === null ? '' : `<script>${chrome.themeScript}</script>`}
${chrome.sprite ?? ''}
<div id="__docusaurus">
${chrome.announcement ?? ''}
<nav class="navbar" aria-label="Main"><div class="navbar__inner"><div class="navbar__items">
<a class="navbar__brand" href="/"><span class="navbar__logo"><img src="/img/logo.svg" alt="${site} logo" width="32" height="32"></span><b class="navbar__title">${site}</b></a>
</div></div></nav>
<main class="container margin-vert--xl" style="flex: 1 0 auto">
<h1>${heading}</h1>
<p>${message}</p>
<p><a class="button button--primary" href="${escapeHtml(link.href)}">${link.label}</a></p>
</main>
${chrome.footer ?? ''}
</div>
</body>
</html>
`;
}

/** The identity service cannot be reached: the page a reader gets instead of the one they asked for. */
export function unavailablePage({chrome, retryUrl}: {chrome: PageChrome; retryUrl: string}): string {
  return errorPage({
    title: 'Sign-in service unavailable',
    heading: 'The sign-in service cannot be reached',
    message: `${chrome.siteName} cannot check your sign-in right now. Nothing is wrong with your account; try again in a few seconds.`,
    link: {label: 'Try again', href: retryUrl},
    chrome,
  });
}

/** A URL no page can have (a malformed escape, a control character, a dot segment). */
export function badAddressPage({chrome}: {chrome: PageChrome}): string {
  return errorPage({
    title: 'Not a valid address',
    heading: 'This address is not valid',
    message: 'The link you followed is broken or was changed on the way. Check it, or start again from the home page.',
    link: {label: 'Go to the home page', href: '/'},
    chrome,
  });
}
