import React, {type ReactNode} from 'react';
import type {LinkReason} from './flow';
import {linkPanelCopy, SIGN_IN_AFTER_LINK} from './copy';
import styles from './styles.module.css';

interface Props {
  email: string;
  reason: LinkReason;
  busy: boolean;
  error: string;
  notice: string;
  onSignIn(): void;
  onSendAgain(): void;
  onUseAnotherAccount(): void;
}

/** After a sign-up, or a sign-in whose address is not verified yet: the password link is on its way. */
export function VerifyEmailPanel({email, reason, busy, error, notice, onSignIn, onSendAgain, onUseAnotherAccount}: Props): ReactNode {
  return (
    <>
      <p className={styles.lead}>{linkPanelCopy(reason, email)}</p>
      <p role="alert" className={styles.error}>
        {error}
      </p>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button button--primary button--block" disabled={busy} onClick={onSignIn}>
          {SIGN_IN_AFTER_LINK.button}
        </button>
        <button type="button" className="button button--secondary button--block" disabled={busy} onClick={onSendAgain}>
          Send again
        </button>
      </div>
      <div className={styles.switches}>
        <button type="button" className={styles.linkButton} disabled={busy} onClick={onUseAnotherAccount}>
          Use another account
        </button>
      </div>
    </>
  );
}
