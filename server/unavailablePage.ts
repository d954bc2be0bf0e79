/**
 * The page a reader gets when their session cannot be checked because the identity service is
 * unreachable: the site's stylesheet (public, the login page loads it), a plain sentence, and a
 * link that tries the same page again. No script, so it needs nothing from the CSP.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Seconds a browser or a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 10;

export function unavailablePage({stylesheets, retryUrl}: {stylesheets: readonly string[]; retryUrl: string}): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return `<!doctype html>
<html lang="en" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign-in service unavailable | Tutorial Hub</title>
<link rel="icon" href="/img/favicon.svg">
${links}
</head>
<body>
<nav class="navbar navbar--dark" aria-label="Site"><div class="navbar__inner"><div class="navbar__items">
<a class="navbar__brand" href="/"><img class="navbar__logo" src="/img/logo.svg" alt="" width="32" height="32"><b class="navbar__title">Tutorial Hub</b></a>
</div></div></nav>
<main class="container margin-vert--xl">
<h1>The sign-in service cannot be reached</h1>
<p>Tutorial Hub cannot check your sign-in right now. Nothing is wrong with your account; try again in a few seconds.</p>
<p><a class="button button--primary" href="${escapeHtml(retryUrl)}">Try again</a></p>
</main>
</body>
</html>
`;
}
