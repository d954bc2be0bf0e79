import React, {useEffect, useRef, useSyncExternalStore, type ReactNode} from 'react';
import {useAuth} from '@site/src/auth/AuthProvider';
import {sessionHasEnded, subscribeSessionEnded} from '@site/src/auth/sessionEnded';
import {SITE_TITLE} from '@site/src/auth/siteSettings';
import {doneChecking} from './checkingHint';
import {headingOf, SESSION_ENDED_NOTICE} from './copy';
import {ConfirmLinkPanel} from './ConfirmLinkPanel';
import {CredentialsForm} from './CredentialsForm';
import {LinkSentPanel} from './LinkSentPanel';
import {RefusedPanel} from './RefusedPanel';
import {useLoginFlow} from './useLoginFlow';
import styles from './styles.module.css';

/** The login page's card: the sign-in, sign-up, reset and sign-in link forms, and the panels a sign-in can lead to. */
export default function LoginForm(): ReactNode {
  const {view, options, email, busy, error, invalid, step, notice, act, submit} = useLoginFlow();
  // Until Firebase has said whether it knows the reader, and, if it does, the flow has taken them on.
  const {status} = useAuth();
  const checking = view.panel === 'form' && !busy && !error && status !== 'signed-out';
  useEffect(() => {
    if (!checking) doneChecking();
  }, [checking]);

  // A new panel replaces what the reader was on: take keyboard and screen-reader focus to its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const viewKey = view.panel === 'form' ? `form:${view.mode}` : view.panel;
  const firstView = useRef(viewKey);
  useEffect(() => {
    if (viewKey === firstView.current) return;
    firstView.current = '';
    heading.current?.focus();
  }, [viewKey]);

  const sessionEnded = useSyncExternalStore(subscribeSessionEnded, sessionHasEnded, () => false);
  const anotherAccount = () => act({type: 'another-account'});

  return (
    <div className={styles.card}>
      <h1 ref={heading} tabIndex={-1} className={styles.heading}>
        {headingOf(view, SITE_TITLE)}
      </h1>
      {/* Shown only for a reader the page's first script took for known (checkingHint.ts); the form is then hidden. */}
      {checking && (
        <p role="status" className={styles.checking}>
          Checking your sign-in…
        </p>
      )}
      {/* Under the heading, where the reader starts reading; the form's own status region is for its answers. */}
      {sessionEnded && view.panel === 'form' && view.mode === 'sign-in' && <p className={styles.ended}>{SESSION_ENDED_NOTICE}</p>}
      {view.panel === 'resuming' && <p role="status">Welcome back. Signing you in…</p>}
      {view.panel === 'form' && (
        <div className={styles.formArea}>
          <CredentialsForm
            mode={view.mode}
            email={email}
            busy={busy}
            error={error}
            invalid={invalid}
            step={step}
            notice={notice}
            options={options}
            onSubmit={submit}
            onSwitchMode={(mode) => act({type: 'choose-mode', mode})}
            onProvider={(name) => act({type: 'provider', name})}
          />
        </div>
      )}
      {view.panel === 'link-sent' && (
        <LinkSentPanel
          email={view.email}
          reason={view.reason}
          link={view.link}
          busy={busy}
          error={error}
          notice={notice}
          onSignIn={() => act({type: 'password-chosen'})}
          onSendAgain={() => act({type: 'send-again'})}
          onUseAnotherAccount={anotherAccount}
        />
      )}
      {view.panel === 'confirm-link' && <ConfirmLinkPanel email={email} busy={busy} error={error} onSubmit={submit} />}
      {view.panel === 'refused' && <RefusedPanel email={view.email} busy={busy} error={error} onUseAnotherAccount={anotherAccount} />}
    </div>
  );
}
