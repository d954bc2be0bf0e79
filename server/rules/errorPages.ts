/**
 * Pages of ours for answers a browser would otherwise show as its own bare error: the site's
 * stylesheet (public, the login page loads it), a plain sentence, and a link onward. No script,
 * so they need nothing from the CSP, and nothing of the request but an escaped link back.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Seconds a browser or a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 10;

interface ErrorPage {
  title: string;
  heading: string;
  message: string;
  link: {label: string; href: string};
  stylesheets: readonly string[];
}

function errorPage({title, heading, message, link, stylesheets}: ErrorPage): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return `<!doctype html>
<html lang="en" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | Tutorial Hub</title>
<link rel="icon" href="/img/favicon.svg">
${links}
</head>
<body>
<nav class="navbar navbar--dark" aria-label="Site"><div class="navbar__inner"><div class="navbar__items">
<span class="navbar__brand"><img class="navbar__logo" src="/img/logo.svg" alt="" width="32" height="32"><b class="navbar__title">Tutorial Hub</b></span>
</div></div></nav>
<main class="container margin-vert--xl">
<h1>${heading}</h1>
<p>${message}</p>
<p><a class="button button--primary" href="${escapeHtml(link.href)}">${link.label}</a></p>
</main>
</body>
</html>
`;
}

/** The identity service cannot be reached: the page a reader gets instead of the one they asked for. */
export function unavailablePage({stylesheets, retryUrl}: {stylesheets: readonly string[]; retryUrl: string}): string {
  return errorPage({
    title: 'Sign-in service unavailable',
    heading: 'The sign-in service cannot be reached',
    message: 'Tutorial Hub cannot check your sign-in right now. Nothing is wrong with your account; try again in a few seconds.',
    link: {label: 'Try again', href: retryUrl},
    stylesheets,
  });
}

/** A URL no page can have (a malformed escape, a control character, a dot segment). */
export function badAddressPage({stylesheets}: {stylesheets: readonly string[]}): string {
  return errorPage({
    title: 'Not a valid address',
    heading: 'This address is not valid',
    message: 'The link you followed is broken or was changed on the way. Check it, or start again from the home page.',
    link: {label: 'Go to the home page', href: '/'},
    stylesheets,
  });
}
