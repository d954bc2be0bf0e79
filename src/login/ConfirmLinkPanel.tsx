import React, {type ReactNode} from 'react';
import {CONFIRM_LINK_LEAD} from './copy';
import {EmailField} from './EmailField';
import styles from './styles.module.css';

interface Props {
  /** What the field starts with: the address tried last, if any. */
  email: string;
  busy: boolean;
  error: string;
  onSubmit(form: FormData): void;
}

/** A sign-in link opened in a browser that did not ask for it: Firebase needs the address it was sent to. */
export function ConfirmLinkPanel({email, busy, error, onSubmit}: Props): ReactNode {
  return (
    <>
      <p className={styles.lead}>{CONFIRM_LINK_LEAD}</p>
      <form className={styles.form} action={onSubmit} noValidate aria-busy={busy}>
        <EmailField email={email} />
        <p id="login-error" role="alert" className={styles.error}>
          {error}
        </p>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </>
  );
}
