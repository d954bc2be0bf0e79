/**
 * A page whose code cannot be loaded. Docusaurus preloads a route's chunks before it renders: after
 * a failure during navigation it reloads the page once (https://github.com/facebook/docusaurus/pull/7600),
 * and on a page's first load it leaves the rejection unhandled, so the server's HTML stays on screen
 * un-hydrated, with nothing working and no word of why (https://github.com/facebook/docusaurus/issues/5300).
 * Here that rejection puts the failure screen (the markup of src/chrome/FailureScreen, built without
 * React, which never started) where the page's content was, inside the server-rendered chrome.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';
import {errorText, isChunkLoadFailure} from '@site/src/failure/rules';
import {CONTENT_WRAPPER_ID} from '@site/contracts/pageLayout';

function hasHydrated(): boolean {
  return document.documentElement.getAttribute('data-has-hydrated') === 'true';
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.textContent = text;
  return node;
}

function showChunkFailure(reason: unknown): void {
  const wrapper = document.getElementById(CONTENT_WRAPPER_ID) ?? document.getElementById('__docusaurus');
  if (!wrapper) return;
  const screen = element('div', 'th-failure');
  screen.append(
    element('h1', '', 'This page could not be loaded'),
    element(
      'p',
      '',
      'Part of this page did not arrive: the connection may have dropped, or the site was updated a moment ago. Check your connection, then retry.',
    ),
  );
  const detail = errorText(reason);
  if (detail) screen.append(element('p', 'th-failure__detail', detail));
  const retry = element('button', 'button button--primary', 'Retry');
  retry.type = 'button';
  retry.addEventListener('click', () => window.location.reload());
  screen.append(retry);
  const main = element('main', 'container margin-vert--xl');
  main.append(screen);
  wrapper.replaceChildren(main);
  document.title = `This page could not be loaded | ${siteConfig.title}`;
}

if (ExecutionEnvironment.canUseDOM) {
  window.addEventListener('unhandledrejection', (event) => {
    // Once the page runs, a failed chunk is the code's own to handle (navigation reloads the page).
    if (hasHydrated() || !isChunkLoadFailure(event.reason)) return;
    event.preventDefault();
    showChunkFailure(event.reason);
  });
}
