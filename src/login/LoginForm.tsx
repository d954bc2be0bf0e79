import React, {useEffect, useRef, useSyncExternalStore, type ReactNode} from 'react';
import {sessionHasEnded, subscribeSessionEnded} from '@site/src/auth/sessionEnded';
import {headingOf, SESSION_ENDED_NOTICE} from './copy';
import {CredentialsForm} from './CredentialsForm';
import {RefusedPanel} from './RefusedPanel';
import {VerifyEmailPanel} from './VerifyEmailPanel';
import {useLoginFlow} from './useLoginFlow';
import {useSignUpOffered} from './useSignUpOffered';
import styles from './styles.module.css';

/** The login page's card: the sign-in, sign-up and reset form, and the panels a sign-in can lead to. */
export default function LoginForm(): ReactNode {
  const {view, email, busy, error, notice, act, submit} = useLoginFlow();
  const signUpOffered = useSignUpOffered();

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
        {headingOf(view)}
      </h1>
      {/* Under the heading, where the reader starts reading; the form's own status region is for its answers. */}
      {sessionEnded && view.panel === 'form' && view.mode === 'sign-in' && <p className={styles.ended}>{SESSION_ENDED_NOTICE}</p>}
      {view.panel === 'resuming' && <p role="status">Welcome back. Signing you in…</p>}
      {view.panel === 'form' && (
        <CredentialsForm
          mode={view.mode}
          email={email}
          busy={busy}
          error={error}
          notice={notice}
          signUpOffered={signUpOffered}
          onSubmit={submit}
          onSwitchMode={(mode) => act({type: 'choose-mode', mode})}
          onProvider={(name) => act({type: 'provider', name})}
        />
      )}
      {view.panel === 'verify' && (
        <VerifyEmailPanel
          email={view.email}
          reason={view.reason}
          busy={busy}
          error={error}
          notice={notice}
          onSignIn={() => act({type: 'password-chosen'})}
          onSendAgain={() => act({type: 'send-again'})}
          onUseAnotherAccount={anotherAccount}
        />
      )}
      {view.panel === 'refused' && <RefusedPanel email={view.email} busy={busy} error={error} onUseAnotherAccount={anotherAccount} />}
    </div>
  );
}
