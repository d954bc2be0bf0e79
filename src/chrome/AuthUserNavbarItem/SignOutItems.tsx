import React, {useEffect, useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {AUTH_SETTINGS} from '@site/src/auth/siteSettings';
import styles from './styles.module.css';

interface Props {
  busy: boolean;
  onSignOut(everywhere: boolean): void;
}

/**
 * The account menu's sign-out items: "Sign out", and (behind the gate server) "Sign out everywhere", which asks
 * once, in the menu, before it ends the reader's sessions on every device. "Sign out" ends only this browser's,
 * which the reader gets back by signing in: it does not ask.
 */
export default function SignOutItems({busy, onSignOut}: Props): ReactNode {
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const everywhereRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // The button clicked leaves the menu: the focus goes to the answer that ends nothing, and, once cancelled, back
  // to "Sign out everywhere"; not as the menu first shows its items.
  const answered = useRef(false);
  useEffect(() => {
    if (answered.current) (asking ? cancelRef : everywhereRef).current?.focus();
  }, [asking]);
  const ask = (next: boolean) => {
    answered.current = true;
    setAsking(next);
  };

  if (asking) {
    return (
      <li>
        <div role="group" aria-labelledby={questionId}>
          <p id={questionId} className={styles.question}>
            Sign out everywhere? This ends your sessions on every device, this one included.
          </p>
          <button type="button" className={clsx('dropdown__link', styles.action)} disabled={busy} onClick={() => onSignOut(true)}>
            Yes, sign out everywhere
          </button>
          <button
            ref={cancelRef}
            type="button"
            className={clsx('dropdown__link', styles.action)}
            disabled={busy}
            onClick={() => ask(false)}>
            Cancel
          </button>
        </div>
      </li>
    );
  }
  return (
    <>
      <li>
        <button type="button" className={clsx('dropdown__link', styles.action)} disabled={busy} onClick={() => onSignOut(false)}>
          Sign out
        </button>
      </li>
      {AUTH_SETTINGS.gateMode === 'server' && (
        <li>
          <button
            ref={everywhereRef}
            type="button"
            className={clsx('dropdown__link', styles.action)}
            disabled={busy}
            onClick={() => ask(true)}>
            Sign out everywhere
          </button>
        </li>
      )}
    </>
  );
}
