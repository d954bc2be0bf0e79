/**
 * "Was this page helpful?" at the end of a doc (src/theme/DocItem/Footer): yes or no, then an optional comment
 * and "You may contact me", sent with Send; one answer per reader and page, which they may change. Nothing is
 * shown until the gate has said it takes answers (its GET, once the page is up): a gate with insights off,
 * or none at all (the dev server), leaves no trace of it.
 */
import {useEffect, useId, useRef, useState, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import type {FeedbackAnswer} from '@site/contracts/insights';
import {FEEDBACK_ENDPOINT, INSIGHTS_LIMITS} from '@site/contracts/insights';
import {feedbackReport, gateAnswerOf, type FeedbackDraft, type GateAnswer} from './feedback';
import styles from './PageFeedback.module.css';
import {isVisitorPage} from '@site/src/auth/visitorPage';

/** What the last Send came to. */
type Sent = 'saved' | 'refused' | 'unreachable';

const SENT_TEXT: Record<Sent, string> = {
  saved: 'Thank you: your answer is saved. You can change it at any time.',
  refused: 'Your answer was not saved: the site did not take it just now. Try again in a moment.',
  unreachable: 'Your answer was not saved: the site could not be reached. Check your connection and try again.',
};

/**
 * The page as the gate names it: its address as the browser asks for it (the gate decodes it; the router's
 * pathname is decoded already). Read once the page is up: the server's render has no window.
 */
const pageAddress = () => window.location.pathname;

/** The gate's word on this page's answer (null while it is asked), and how a saved answer replaces it. */
function useGateAnswer(): [GateAnswer | null, (answer: FeedbackAnswer) => void] {
  const [answer, setAnswer] = useState<GateAnswer | null>(null);
  useEffect(() => {
    let current = true;
    // A visitor who is not signed in is nobody's reader: nothing to ask (the gate would answer 401), no widget.
    if (isVisitorPage()) return undefined;
    const page = pageAddress();
    fetch(`${FEEDBACK_ENDPOINT}?${new URLSearchParams({page})}`, {credentials: 'same-origin', headers: {accept: 'application/json'}})
      .then(gateAnswerOf)
      .catch((): GateAnswer => ({kind: 'off'}))
      .then((answered) => current && setAnswer(answered));
    return () => {
      current = false;
    };
  }, []);
  return [answer, (saved) => setAnswer({kind: 'answered', answer: saved})];
}

async function send(draft: FeedbackDraft): Promise<Sent> {
  try {
    const response = await fetch(FEEDBACK_ENDPOINT, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify(feedbackReport(pageAddress(), draft)),
    });
    return response.status === 204 ? 'saved' : 'refused';
  } catch {
    return 'unreachable';
  }
}

/** Asked anew on each page: the footer keys it by the page. */
export default function PageFeedback(): ReactNode {
  const [gate, keep] = useGateAnswer();
  const [draft, setDraft] = useState<FeedbackDraft | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const headingId = useId();
  const buttons = useRef<Record<'yes' | 'no', HTMLButtonElement | null>>({yes: null, no: null});
  if (gate === null || gate.kind === 'off') return null;

  const answer = gate.kind === 'answered' ? gate.answer : null;
  const pressed = draft?.helpful ?? answer?.helpful;
  const choose = (helpful: boolean) => {
    setDraft({helpful, comment: draft?.comment ?? answer?.comment ?? '', contact: draft?.contact ?? answer?.contact ?? false});
    setSent(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || sending) return;
    setSending(true);
    const outcome = await send(draft);
    setSending(false);
    setSent(outcome);
    if (outcome !== 'saved') return;
    keep({...draft, comment: draft.comment.trim()});
    setDraft(null);
    // The form, and its Send button with the focus, go: the focus goes to the answer, which changes it.
    buttons.current[draft.helpful ? 'yes' : 'no']?.focus();
  };
  return (
    <section className={styles.feedback} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Was this page helpful?
      </h2>
      <div role="group" aria-labelledby={headingId} className={styles.choices}>
        {(['yes', 'no'] as const).map((choice) => (
          <button
            key={choice}
            ref={(button) => void (buttons.current[choice] = button)}
            type="button"
            className={clsx('button button--sm', pressed === (choice === 'yes') ? 'button--primary' : 'button--secondary')}
            aria-pressed={pressed === (choice === 'yes')}
            onClick={() => choose(choice === 'yes')}>
            {choice === 'yes' ? 'Yes' : 'No'}
          </button>
        ))}
      </div>
      {draft && <DraftForm draft={draft} sending={sending} onChange={setDraft} onSubmit={submit} />}
      {!draft && answer && sent !== 'saved' && (
        <p className={styles.answer}>
          Your answer: {answer.helpful ? 'yes' : 'no'}
          {answer.comment && <>, “{answer.comment}”</>}. Choose again to change it.
        </p>
      )}
      <p role="status" className={clsx(styles.status, sent !== null && sent !== 'saved' && styles.failed)}>
        {sent && SENT_TEXT[sent]}
      </p>
    </section>
  );
}

interface DraftFormProps {
  draft: FeedbackDraft;
  sending: boolean;
  onChange: (draft: FeedbackDraft) => void;
  onSubmit: (event: FormEvent) => void;
}

/** The comment, "You may contact me", and Send (never disabled while sending: the focus stays on it for a retry). */
function DraftForm({draft, sending, onChange, onSubmit}: DraftFormProps): ReactNode {
  const ids = useId();
  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <label htmlFor={`${ids}-comment`} className={styles.label}>
        What were you looking for? <span className={styles.optional}>(optional)</span>
      </label>
      <textarea
        id={`${ids}-comment`}
        className={styles.comment}
        rows={3}
        maxLength={INSIGHTS_LIMITS.commentChars}
        value={draft.comment}
        onChange={(event) => onChange({...draft, comment: event.target.value})}
      />
      <div className={styles.contact}>
        <input
          id={`${ids}-contact`}
          type="checkbox"
          checked={draft.contact}
          aria-describedby={`${ids}-contact-hint`}
          onChange={(event) => onChange({...draft, contact: event.target.checked})}
        />
        <label htmlFor={`${ids}-contact`}>You may contact me about this</label>
        <p id={`${ids}-contact-hint`} className={styles.hint}>
          Only then is your email address kept with your answer.
        </p>
      </div>
      <button type="submit" className="button button--primary button--sm" aria-disabled={sending}>
        {sending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
