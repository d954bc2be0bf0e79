import React, {type ReactNode} from 'react';
import {NOT_ON_READER_LIST, REFUSAL_WORDING} from '../../contracts/session';
import styles from './styles.module.css';

interface Props {
  /** The account's address; '' for an account without one. */
  email: string;
  busy: boolean;
  error: string;
  onUseAnotherAccount(): void;
}

/** A sign-in the reader policy does not admit. It names no allowed domain or address. */
export function RefusedPanel({email, busy, error, onUseAnotherAccount}: Props): ReactNode {
  return (
    <>
      <p role="alert" className={styles.lead}>
        {email ? (
          <>
            <strong>{email}</strong> {NOT_ON_READER_LIST}
          </>
        ) : (
          REFUSAL_WORDING['not-allowed']
        )}
      </p>
      {/* One alert at a time: the refusal is this panel's news; an error only if leaving fails. */}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <button type="button" className="button button--primary button--block" disabled={busy} onClick={onUseAnotherAccount}>
        Use another account
      </button>
    </>
  );
}
