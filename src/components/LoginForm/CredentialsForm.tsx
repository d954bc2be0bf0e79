import React, {type FormEvent, type ReactNode} from 'react';
import type {FormMode} from '@site/src/auth/loginFlow';
import {formLead} from '@site/src/auth/loginCopy';
import type {ProviderName} from '@site/src/auth/signIn';
import styles from './styles.module.css';

const SUBMIT_LABEL: Record<FormMode, {idle: string; busy: string}> = {
  'sign-in': {idle: 'Sign in', busy: 'Signing in…'},
  'sign-up': {idle: 'Create account', busy: 'Creating your account…'},
  reset: {idle: 'Send reset link', busy: 'Sending…'},
};

interface Props {
  mode: FormMode;
  email: string;
  onEmailChange(email: string): void;
  password: string;
  onPasswordChange(password: string): void;
  busy: boolean;
  error: string;
  notice: string;
  signUpOffered: boolean;
  onSubmit(): void;
  onSwitchMode(mode: FormMode): void;
  onProvider(name: ProviderName): void;
}

/** Email and password (or email alone, to reset), the switches between them, and the providers. */
export function CredentialsForm(props: Props): ReactNode {
  const {mode, busy} = props;
  const label = SUBMIT_LABEL[mode];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };

  const switchButton = (next: FormMode, text: string) => (
    <button type="button" className={styles.linkButton} onClick={() => props.onSwitchMode(next)}>
      {text}
    </button>
  );

  return (
    <>
      <p className={styles.lead}>{formLead(mode)}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <label className={styles.label} htmlFor="login-email">
          Email
        </label>
        <input
          id="login-email"
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          value={props.email}
          onChange={(event) => props.onEmailChange(event.target.value)}
          aria-describedby="login-error"
        />
        {/* A new account's password is chosen through the emailed link, by the owner of the mailbox. */}
        {mode === 'sign-in' && (
          <>
            <label className={styles.label} htmlFor="login-password">
              Password
            </label>
            <input
              id="login-password"
              className={styles.input}
              type="password"
              name="password"
              autoComplete="current-password"
              value={props.password}
              onChange={(event) => props.onPasswordChange(event.target.value)}
              aria-describedby="login-error"
            />
          </>
        )}
        <p id="login-error" role="alert" className={styles.error}>
          {props.error}
        </p>
        <p role="status" className={styles.notice}>
          {props.notice}
        </p>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? label.busy : label.idle}
        </button>
      </form>
      <div className={styles.switches}>
        {mode !== 'reset' && switchButton('reset', 'Forgot password?')}
        {mode !== 'sign-in'
          ? switchButton('sign-in', 'Back to sign in')
          : props.signUpOffered && switchButton('sign-up', 'Create an account')}
      </div>
      <p className={styles.divider}>
        <span>or</span>
      </p>
      <div className={styles.providers}>
        <button type="button" className="button button--secondary button--block" disabled={busy} onClick={() => props.onProvider('google')}>
          Continue with Google
        </button>
        <button type="button" className="button button--secondary button--block" disabled={busy} onClick={() => props.onProvider('github')}>
          Continue with GitHub
        </button>
      </div>
    </>
  );
}
