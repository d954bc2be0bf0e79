import React, {type ReactNode} from 'react';
import type {FormMode, ProviderName} from './flow';
import {formLead, SUBMIT_LABEL} from './copy';
import styles from './styles.module.css';

interface Props {
  mode: FormMode;
  /** What the email field starts with: the fields are the browser's, read when the form is sent. */
  email: string;
  busy: boolean;
  error: string;
  notice: string;
  signUpOffered: boolean;
  onSubmit(form: FormData): void;
  onSwitchMode(mode: FormMode): void;
  onProvider(name: ProviderName): void;
}

/** Email and password (or email alone, to reset), the switches between them, and the providers. */
export function CredentialsForm(props: Props): ReactNode {
  const {mode, busy} = props;
  const label = SUBMIT_LABEL[mode];

  const switchButton = (next: FormMode, text: string) => (
    <button type="button" className={styles.linkButton} onClick={() => props.onSwitchMode(next)}>
      {text}
    </button>
  );

  return (
    <>
      <p className={styles.lead}>{formLead(mode)}</p>
      {/* React sends the form once it has hydrated, never before: a password never lands in a URL. */}
      <form className={styles.form} action={props.onSubmit} noValidate aria-busy={busy}>
        <label className={styles.label} htmlFor="login-email">
          Email
        </label>
        <input
          id="login-email"
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          defaultValue={props.email}
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
