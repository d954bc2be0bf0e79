/**
 * The account menu's link to the insights page (src/chrome/AuthUserNavbarItem, src/insights/useInsightsAccess.ts):
 * there only for a reader the gate says may open it, and asked of the gate only once the reader opens the menu.
 * Who the gate lets in is its own (tests/integration).
 */
import {waitFor} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import {INSIGHTS_ACCESS, INSIGHTS_PAGE} from '../../contracts/insights';
import {gate} from './support/gate';
import {addressOf} from './support/render';
import {renderSignedIn} from './support/accountMenu';

const READER = 'author@tutorial-hub.test';

const accessAsked = () => gate.callsTo(INSIGHTS_ACCESS);

describe('the account menu’s link to the insights page', () => {
  it('is asked for once the menu is first opened, and is there for a reader the gate lets in', async () => {
    gate.insights.access = true;
    const {user, trigger, menu, history} = await renderSignedIn(READER);
    expect(accessAsked()).toEqual([]);
    await user.click(trigger);
    const link = await menu.findByRole('link', {name: 'Insights'});
    expect(link).toHaveAttribute('href', INSIGHTS_PAGE);
    expect(accessAsked()).toEqual([`GET ${INSIGHTS_ACCESS}`]);

    await user.click(link);
    expect(addressOf(history)).toBe(INSIGHTS_PAGE);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Opened again: the gate's answer is known.
    await user.click(trigger);
    expect(menu.getByRole('link', {name: 'Insights'})).toBeInTheDocument();
    expect(accessAsked()).toHaveLength(1);
  });

  it('is not there for a reader the gate does not let in, who is asked about it once', async () => {
    const {user, trigger, menu} = await renderSignedIn(READER);
    await user.click(trigger);
    await waitFor(() => expect(accessAsked()).toEqual([`GET ${INSIGHTS_ACCESS}`]));
    await user.keyboard('{Escape}');
    await user.click(trigger);
    expect(menu.getByRole('button', {name: 'Sign out'})).toBeVisible();
    expect(menu.queryByRole('link', {name: 'Insights'})).toBeNull();
    expect(accessAsked()).toHaveLength(1);
  });
});
