/**
 * "Was this page helpful?" at the end of a doc (src/theme/DocItem/Footer, src/insights/PageFeedback.tsx): shown
 * only once the gate says it takes answers, yes or no, a comment and "You may contact me", what the reader is
 * told once it is saved or when it is not, and their own answer read back. What is sent is tabled
 * (tests/unit/insightsFeedback.test.ts); that the gate keeps it, in tests/integration.
 */
import {act, screen, waitFor, within} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import type {PropDocContent} from '@docusaurus/plugin-content-docs';
import {DocProvider} from '@docusaurus/plugin-content-docs/client';
import DocItemFooter from '@theme/DocItem/Footer';
import {FEEDBACK_ENDPOINT, INSIGHTS_LIMITS} from '../../contracts/insights';
import {gate} from './support/gate';
import {renderPage} from './support/render';

const PAGE = '/1.0/Collapsible';
const QUESTION = 'Was this page helpful?';

/** A doc without tags, edit link or date: the theme's own footer shows nothing, the question alone is left. */
const DOC = Object.assign(() => null, {
  metadata: {
    title: 'Collapsible Sections',
    permalink: PAGE,
    tags: [],
    editUrl: undefined,
    lastUpdatedAt: undefined,
    lastUpdatedBy: undefined,
  },
  frontMatter: {},
  toc: [],
  assets: {},
  contentTitle: undefined,
}) as unknown as PropDocContent;

function renderDoc() {
  return renderPage(
    <DocProvider content={DOC}>
      <DocItemFooter />
    </DocProvider>,
    {path: PAGE},
  );
}

/** The page once the gate has answered its question, whatever it said. */
async function renderAnswered() {
  const rendered = renderDoc();
  await waitFor(() => expect(gate.callsTo(FEEDBACK_ENDPOINT)).toEqual([`GET ${FEEDBACK_ENDPOINT}`]));
  // Its answer is read a few promises later.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return rendered;
}

const widget = () => within(screen.getByRole('region', {name: QUESTION}));
const choice = (name: 'Yes' | 'No') => within(widget().getByRole('group', {name: QUESTION})).getByRole('button', {name});
const comment = () => widget().getByRole('textbox', {name: 'What were you looking for? (optional)'});
const contact = () => widget().getByRole('checkbox', {name: 'You may contact me about this'});
const status = () => widget().getByRole('status');
const posted = () => gate.calls.filter((call) => call.path === FEEDBACK_ENDPOINT && call.method === 'POST').map((call) => call.body);

describe('"Was this page helpful?"', () => {
  it.each<[string, typeof gate.insights.answer]>([
    ['a gate with insights off (404)', 404],
    ['a gate that cannot be reached', 'unreachable'],
    ['a gate that fails (503)', 503],
  ])('is not there at all for %s', async (_name, answer) => {
    gate.insights.answer = answer;
    const {container} = await renderAnswered();
    expect(screen.queryByRole('region', {name: QUESTION})).toBeNull();
    expect(screen.queryByText(QUESTION)).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });

  it("asks the gate for this page's answer once the page is up, and asks nothing before", async () => {
    gate.insights.answer = null;
    renderDoc();
    // Not in the first render: the widget waits for the gate's word.
    expect(screen.queryByRole('region', {name: QUESTION})).toBeNull();
    expect(await screen.findByRole('region', {name: QUESTION})).toBeVisible();
    expect(gate.calls.filter((call) => call.path === FEEDBACK_ENDPOINT).map((call) => `${call.method} ${call.query}`)).toEqual([
      `GET ?page=${encodeURIComponent(PAGE)}`,
    ]);
  });

  it('takes no, a comment and leave to contact, saves them, and thanks the reader, the focus on their answer', async () => {
    gate.insights.answer = null;
    gate.insights.save = 204;
    const {user} = await renderAnswered();
    expect(widget().getByRole('heading', {level: 2})).toHaveTextContent(QUESTION);
    expect(choice('Yes')).toHaveAttribute('aria-pressed', 'false');
    expect(choice('No')).toHaveAttribute('aria-pressed', 'false');
    expect(widget().queryByRole('textbox')).toBeNull();

    await user.click(choice('No'));
    expect(choice('No')).toHaveAttribute('aria-pressed', 'true');
    expect(choice('Yes')).toHaveAttribute('aria-pressed', 'false');
    expect(comment()).toHaveAttribute('maxlength', String(INSIGHTS_LIMITS.commentChars));
    expect(contact()).not.toBeChecked();
    expect(contact()).toHaveAccessibleDescription('Only then is your email address kept with your answer.');
    await user.type(comment(), 'How to fold a section by default');
    await user.click(contact());
    expect(posted()).toEqual([]);
    await user.click(widget().getByRole('button', {name: 'Send'}));

    await waitFor(() => expect(status()).toHaveTextContent('Thank you: your answer is saved. You can change it at any time.'));
    expect(posted()).toEqual([{page: PAGE, helpful: false, comment: 'How to fold a section by default', contact: true}]);
    expect(widget().queryByRole('textbox')).toBeNull();
    expect(widget().queryByRole('button', {name: 'Send'})).toBeNull();
    expect(choice('No')).toHaveAttribute('aria-pressed', 'true');
    expect(choice('No')).toHaveFocus();
  });

  it('sends yes alone, without a comment or leave to contact', async () => {
    gate.insights.answer = null;
    gate.insights.save = 204;
    const {user} = await renderAnswered();
    await user.click(choice('Yes'));
    await user.click(widget().getByRole('button', {name: 'Send'}));
    await waitFor(() => expect(status()).toHaveTextContent(/^Thank you/));
    expect(posted()).toEqual([{page: PAGE, helpful: true}]);
  });

  it('says so when the answer is not saved, keeps what the reader wrote, and saves it on the next try', async () => {
    gate.insights.answer = null;
    gate.insights.save = 503;
    const {user} = await renderAnswered();
    await user.click(choice('No'));
    await user.type(comment(), 'Deploying');
    const send = widget().getByRole('button', {name: 'Send'});
    await user.click(send);
    await waitFor(() =>
      expect(status()).toHaveTextContent('Your answer was not saved: the site did not take it just now. Try again in a moment.'),
    );
    expect(comment()).toHaveValue('Deploying');
    expect(send).toHaveFocus();

    gate.insights.save = 'unreachable';
    await user.click(send);
    await waitFor(() =>
      expect(status()).toHaveTextContent('Your answer was not saved: the site could not be reached. Check your connection and try again.'),
    );

    gate.insights.save = 204;
    await user.click(send);
    await waitFor(() => expect(status()).toHaveTextContent(/^Thank you: your answer is saved/));
    expect(posted()).toEqual(Array.from({length: 3}, () => ({page: PAGE, helpful: false, comment: 'Deploying'})));
  });

  it("shows the reader's own answer, its comment as text, and lets them change it", async () => {
    gate.insights.answer = {helpful: false, comment: '<b>Where is</b> the deploy step?', contact: true};
    gate.insights.save = 204;
    const {user} = await renderAnswered();
    expect(choice('No')).toHaveAttribute('aria-pressed', 'true');
    expect(choice('Yes')).toHaveAttribute('aria-pressed', 'false');
    expect(widget().getByText(/^Your answer:/)).toHaveTextContent(
      'Your answer: no, “<b>Where is</b> the deploy step?”. Choose again to change it.',
    );
    expect(
      widget()
        .getByText(/^Your answer:/)
        .querySelector('b'),
    ).toBeNull();
    expect(status()).toBeEmptyDOMElement();

    await user.click(choice('Yes'));
    expect(choice('Yes')).toHaveAttribute('aria-pressed', 'true');
    expect(comment()).toHaveValue('<b>Where is</b> the deploy step?');
    expect(contact()).toBeChecked();
    await user.click(contact());
    await user.click(widget().getByRole('button', {name: 'Send'}));
    await waitFor(() => expect(status()).toHaveTextContent(/^Thank you/));
    expect(posted()).toEqual([{page: PAGE, helpful: true, comment: '<b>Where is</b> the deploy step?'}]);
    expect(widget().queryByText(/^Your answer:/)).toBeNull();

    // Changed again: the thanks go, the form comes back with what was saved.
    await user.click(choice('No'));
    expect(status()).toBeEmptyDOMElement();
    expect(comment()).toHaveValue('<b>Where is</b> the deploy step?');
    expect(contact()).not.toBeChecked();
  });
});
