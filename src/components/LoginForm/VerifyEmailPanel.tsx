import React, {type ReactNode} from 'react';
import styles from './styles.module.css';

interface Props {
  email: string;
  busy: boolean;
  error: string;
  notice: string;
  onContinue(): void;
  onSendAgain(): void;
  onUseAnotherAccount(): void;
}

/** After a sign-up, or a sign-in whose address is not verified yet: the link is on its way. */
export function VerifyEmailPanel({email, busy, error, notice, onContinue, onSendAgain, onUseAnotherAccount}: Props): ReactNode {
  return (
    <>
      <p className={styles.lead}>
        We sent a verification link to <strong>{email}</strong>. Open it, then come back here and choose “I have verified it — continue”.
      </p>
      <p role="alert" className={styles.error}>
        {error}
      </p>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button button--primary button--block" disabled={busy} onClick={onContinue}>
          I have verified it — continue
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
