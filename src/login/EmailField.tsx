import React, {type ReactNode, type Ref} from 'react';
import styles from './styles.module.css';

interface Props {
  email: string;
  /** The form's error is about this field. */
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** The login page's email field: one for every form, described by the form's error line. */
export function EmailField({email, invalid = false, ref}: Props): ReactNode {
  return (
    <>
      <label className={styles.label} htmlFor="login-email">
        Email
      </label>
      <input
        ref={ref}
        id="login-email"
        className={styles.input}
        type="email"
        name="email"
        autoComplete="email"
        defaultValue={email}
        aria-describedby="login-error"
        aria-invalid={invalid}
      />
    </>
  );
}
