/** Accessibility checks with axe-core, shared by the signed-in and signed-out specs. */
import AxeBuilder from '@axe-core/playwright';
import axeCore from 'axe-core';
import {expect, type Page} from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
export type AxeViolation = AxeResults['violations'][number];

/** Impacts that fail a page. */
export const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

/** The rules whose result depends on colours: the only ones a change of colour scheme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export type ColourScheme = 'light' | 'dark';

/** What to check: the whole page, or only the part of it that is the page's own (`main`), its chrome checked elsewhere. */
export interface AxeScope {
  include?: string;
}

function crossOriginFrames(page: Page): string[] {
  const {origin} = new URL(page.url());
  return page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => new URL(url, origin).origin !== origin);
}

/**
 * What AxeBuilder evaluates in each frame before a check, twice per check: axe-core's half a megabyte
 * of source, unless told otherwise. Loaded once per document instead (loadAxe), a check then costs
 * axe's own run, and a tour of pages in one document loads it once.
 */
const AXE_LOADED = ';';

async function loadAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeCore.source);
  }
}

/**
 * Runs axe on the page as it is now and returns the serious and critical violations: every rule in
 * the light scheme, only the colour rules in the dark one (the switch changes colours and nothing else).
 */
export async function blockingViolations(page: Page, scheme: ColourScheme, {include}: AxeScope = {}): Promise<AxeViolation[]> {
  // Legacy mode runs axe.run() in the page. The default opens a new blank page for every check to merge
  // the results of each frame (a third of the accessibility specs' time); it also tests cross-origin
  // frames, which legacy mode skips, so none may be there.
  expect(crossOriginFrames(page), 'frames axe would leave unchecked').toEqual([]);
  // Only violations are read: axe then skips collecting every passing node, its slowest part on a full
  // page. (`options()` replaces every option set before it, so it comes before `withRules()`.)
  await loadAxe(page);
  let builder = new AxeBuilder({page, axeSource: AXE_LOADED}).options({resultTypes: ['violations']}).setLegacyMode(true);
  if (include) builder = builder.include(include);
  if (scheme === 'dark') builder = builder.withRules(COLOUR_RULES);
  const results = await builder.analyze();
  return results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
}

/**
 * Switches the colour scheme as a reader's system does (the site follows it live) and waits until
 * the theme's CSS transitions have ended: a check made mid-way measures the old text colour on the
 * new background.
 */
export async function switchColourScheme(page: Page, scheme: ColourScheme): Promise<void> {
  await page.emulateMedia({colorScheme: scheme});
  await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((animation) => animation.playState === 'running' && animation instanceof CSSTransition).length,
      ),
    )
    .toBe(0);
}

/** One line per violation and offending element: rule, impact, target, help, and why it failed. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  if (violations.length === 0) return 'no serious or critical violations';
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    - ${JSON.stringify(node.target)}: ${node.failureSummary?.replace(/\s+/g, ' ').trim() ?? ''}`)
        .join('\n');
      return `${violation.id} [${violation.impact}] ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join('\n');
}

/** Checks the page in the light scheme with every rule, then in the dark one with the colour rules. */
export async function blockingViolationsInEachScheme(page: Page, scope: AxeScope = {}): Promise<Record<ColourScheme, AxeViolation[]>> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const light = await blockingViolations(page, 'light', scope);
  await switchColourScheme(page, 'dark');
  const dark = await blockingViolations(page, 'dark', scope);
  return {light, dark};
}

/** Fails the test with every serious or critical violation of either scheme, named and explained. */
export async function expectAccessibleInEachScheme(page: Page, scope: AxeScope = {}): Promise<void> {
  const violations = await blockingViolationsInEachScheme(page, scope);
  for (const scheme of ['light', 'dark'] as const) {
    expect(
      violations[scheme].map((violation) => violation.id),
      `${scheme} mode:\n${describeViolations(violations[scheme])}`,
    ).toEqual([]);
  }
}
