import React, {useEffect, useRef, useSyncExternalStore, type ReactNode} from 'react';
import {useAuth} from '@site/src/auth/AuthProvider';
import type {LoginView} from '@site/src/auth/loginFlow';
import {SESSION_ENDED_NOTICE} from '@site/src/auth/loginCopy';
import {sessionHasEnded, subscribeSessionEnded} from '@site/src/auth/sessionEnded';
import {CredentialsForm} from './CredentialsForm';
import {RefusedPanel} from './RefusedPanel';
import {VerifyEmailPanel} from './VerifyEmailPanel';
import {useLoginFlows} from './useLoginFlows';
import {useSignUpOffered} from './useSignUpOffered';
import styles from './styles.module.css';

function headingOf(view: LoginView): string {
  switch (view.panel) {
    case 'form':
      if (view.mode === 'sign-up') return 'Create your Tutorial Hub account';
      return view.mode === 'reset' ? 'Reset your password' : 'Sign in to Tutorial Hub';
    case 'resuming':
      return 'Sign in to Tutorial Hub';
    case 'verify':
      return 'Verify your email address';
    case 'refused':
      return 'No access with this account';
  }
}

/** The login page's card: the sign-in, sign-up and reset form, and the panels a sign-in can lead to. */
export default function LoginForm(): ReactNode {
  const {settings} = useAuth();
  const flows = useLoginFlows();
  const signUpOffered = useSignUpOffered(settings);
  const {view} = flows;

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
          email={flows.email}
          onEmailChange={flows.setEmail}
          password={flows.password}
          onPasswordChange={flows.setPassword}
          busy={flows.busy}
          error={flows.error}
          notice={flows.notice}
          signUpOffered={signUpOffered}
          onSubmit={flows.submitForm}
          onSwitchMode={flows.switchMode}
          onProvider={flows.withProvider}
        />
      )}
      {view.panel === 'verify' && (
        <VerifyEmailPanel
          email={view.email}
          reason={view.reason}
          busy={flows.busy}
          error={flows.error}
          notice={flows.notice}
          onSignIn={flows.signInAfterLink}
          onSendAgain={flows.sendLinkAgain}
          onUseAnotherAccount={flows.chooseAnotherAccount}
        />
      )}
      {view.panel === 'refused' && (
        <RefusedPanel email={view.email} busy={flows.busy} error={flows.error} onUseAnotherAccount={flows.chooseAnotherAccount} />
      )}
    </div>
  );
}
