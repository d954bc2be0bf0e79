import React, {type ReactNode} from 'react';
import type {EmailLink, LinkReason} from './views';
import {linkPanelCopy, SIGN_IN_AFTER_LINK} from './copy';
import styles from './styles.module.css';

interface Props {
  email: string;
  reason: LinkReason;
  link: EmailLink;
  busy: boolean;
  error: string;
  notice: string;
  onSignIn(): void;
  onSendAgain(): void;
  onUseAnotherAccount(): void;
}

/** A link is on its way: a sign-in link the reader asked for, or the link that proves a new or unverified address. */
export function LinkSentPanel({email, reason, link, busy, error, notice, onSignIn, onSendAgain, onUseAnotherAccount}: Props): ReactNode {
  return (
    <>
      <p className={styles.lead}>{linkPanelCopy(reason, email, link)}</p>
      <p role="alert" className={styles.error}>
        {error}
      </p>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <div className={styles.actions}>
        {/* A sign-in link signs the reader in where it is opened: nothing to come back here for. */}
        {link === 'password' && (
          <button type="button" className="button button--primary button--block" disabled={busy} onClick={onSignIn}>
            {SIGN_IN_AFTER_LINK.button}
          </button>
        )}
        <button type="button" className="button button--secondary button--block" disabled={busy} onClick={onSendAgain}>
          Send again
        </button>
      </div>
      <div className={styles.switches}>
        <button type="button" className={styles.linkButton} disabled={busy} onClick={onUseAnotherAccount}>
          {link === 'password' ? 'Use another account' : 'Use another address'}
        </button>
      </div>
    </>
  );
}
