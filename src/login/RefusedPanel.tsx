import React, {type ReactNode} from 'react';
import {NOT_ON_READER_LIST, REFUSAL_WORDING} from '../../contracts/session';
import {SITE_CONTACT, SITE_TITLE} from '@site/src/auth/siteSettings';
import {accessRequest} from './copy';
import styles from './styles.module.css';

interface Props {
  /** The account's address; '' for an account without one. */
  email: string;
  busy: boolean;
  error: string;
  onUseAnotherAccount(): void;
}

/**
 * A sign-in the reader policy does not admit. It names no allowed domain or address, only where to ask for
 * access, when the site has a contact (site.config.ts).
 */
export function RefusedPanel({email, busy, error, onUseAnotherAccount}: Props): ReactNode {
  const ask = SITE_CONTACT && accessRequest(SITE_CONTACT, SITE_TITLE, email);
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
      {ask && (
        <p className={styles.lead}>
          {ask.lead} <a href={ask.href}>{ask.label}</a>.
        </p>
      )}
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
