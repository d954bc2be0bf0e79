/** Accessibility checks with axe-core, shared by the signed-in and signed-out specs. */
import AxeBuilder from '@axe-core/playwright';
import {expect, type Page} from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
export type AxeViolation = AxeResults['violations'][number];

/** Impacts that fail a page. */
export const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

/** Runs every axe rule on the page as it is now and returns the serious and critical violations. */
export async function blockingViolations(page: Page): Promise<AxeViolation[]> {
  // Only violations are read: axe then skips collecting every passing node, its slowest part on a full page.
  const results = await new AxeBuilder({page}).options({resultTypes: ['violations']}).analyze();
  return results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
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

/**
 * Switches the system colour scheme as a reader's system does, and checks the page once it has
 * followed: the theme's colours change through CSS transitions, and a check made mid-way measures
 * the old text colour on the new background.
 */
export async function blockingViolationsIn(page: Page, colorScheme: 'light' | 'dark'): Promise<AxeViolation[]> {
  await page.emulateMedia({colorScheme});
  await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((animation) => animation.playState === 'running' && animation instanceof CSSTransition).length,
      ),
    )
    .toBe(0);
  return blockingViolations(page);
}
