import React, {type ReactNode} from 'react';
import styles from './styles.module.css';

/** The login page's email field: one for every form, described by the form's error line. */
export function EmailField({email}: {email: string}): ReactNode {
  return (
    <>
      <label className={styles.label} htmlFor="login-email">
        Email
      </label>
      <input
        id="login-email"
        className={styles.input}
        type="email"
        name="email"
        autoComplete="email"
        defaultValue={email}
        aria-describedby="login-error"
      />
    </>
  );
}
