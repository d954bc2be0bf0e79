import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import {SITE_TITLE} from '@site/src/auth/siteSettings';
import {formSwitches, heldSwitches, proofLinkOf, type LoginField, type OfferedOptions, type ProviderName} from './flow';
import type {FormMode} from './views';
import {BACK_TO_SIGN_IN, formLead, SUBMIT_LABEL, SWITCH_LABEL} from './copy';
import {EmailField} from './EmailField';
import styles from './styles.module.css';

interface Props {
  mode: FormMode;
  /** What the email field starts with: the fields are the browser's, read when the form is sent. */
  email: string;
  busy: boolean;
  error: string;
  /** The field the error is about: it takes the focus once the attempt has ended. */
  invalid: LoginField | null;
  /** The flow's step: a failure as the one before (the same field empty again) takes the focus again. */
  step: number;
  notice: string;
  options: OfferedOptions;
  onSubmit(form: FormData): void;
  onSwitchMode(mode: FormMode): void;
  onProvider(name: ProviderName): void;
}

/** Email and password (or email alone, for a link), the switches between the forms, and the providers. */
export function CredentialsForm(props: Props): ReactNode {
  const {mode, busy, invalid, step, options} = props;
  const label = SUBMIT_LABEL[mode];
  // From a detour (a new account, a new password), the way back reads as one.
  const isDetour = mode === 'sign-up' || mode === 'reset';
  // A form action resets the form when it ends: the password field then goes back to what was sent, as the
  // email field does, so that a reader whose sign-in failed (the service down) keeps what they typed. Not
  // held by React: what is typed before the page hydrates stays too.
  const [sentPassword, setSentPassword] = useState('');
  const submit = (formData: FormData) => {
    setSentPassword(String(formData.get('password') ?? ''));
    return props.onSubmit(formData);
  };

  // A failure about a field (a wrong password, a missing address) takes the reader back to it, from the button
  // as from the field, its text selected to type over; an attempt that failed another way leaves the focus be.
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (busy || invalid === null) return;
    const field = (invalid === 'email' ? emailField : passwordField).current;
    field?.focus();
    field?.select();
  }, [busy, invalid, step]);

  return (
    <>
      <p className={styles.lead}>{formLead(mode, proofLinkOf(options.emailSignIn), SITE_TITLE)}</p>
      {/* React sends the form once it has hydrated, never before: a password never lands in a URL. */}
      <form className={styles.form} action={submit} noValidate aria-busy={busy}>
        <EmailField ref={emailField} email={props.email} invalid={invalid === 'email'} />
        {/* A new account's password is chosen through the emailed link, by the owner of the mailbox. */}
        {mode === 'sign-in' && (
          <>
            <label className={styles.label} htmlFor="login-password">
              Password
            </label>
            <input
              ref={passwordField}
              id="login-password"
              className={styles.input}
              type="password"
              name="password"
              autoComplete="current-password"
              aria-describedby="login-error"
              aria-invalid={invalid === 'password'}
              defaultValue={sentPassword}
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
        {formSwitches(mode, options).map((next) => (
          <button key={next} type="button" className={styles.linkButton} onClick={() => props.onSwitchMode(next)}>
            {isDetour ? BACK_TO_SIGN_IN : SWITCH_LABEL[next]}
          </button>
        ))}
        {heldSwitches(mode, options).map((held) => (
          <span key={held} className={`${styles.linkButton} ${styles.held}`} aria-hidden>
            {SWITCH_LABEL[held]}
          </span>
        ))}
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
