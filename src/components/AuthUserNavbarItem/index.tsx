import {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {useAuth} from '@site/src/auth/AuthProvider';
import {LOGIN_PATH} from '@site/src/auth/paths';
import {messageForAuthError} from '@site/src/auth/errors';
import styles from './styles.module.css';

interface Props {
  mobile?: boolean;
}

/** The reader's account menu: who is signed in, "Sign out", and (behind the gate server) "Sign out everywhere". */
export default function AuthUserNavbarItem({mobile = false}: Props): ReactNode {
  const {status, reader, settings} = useAuth();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const closeOnOutside = (event: Event) => {
      if (!menuRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  if (status !== 'signed-in' || !reader) return null;

  const signOut = async (everywhere: boolean) => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const {signOutReader} = await import(/* webpackChunkName: "auth-sign-in" */ '@site/src/auth/signIn');
      await signOutReader(settings, {everywhere});
      window.location.assign(LOGIN_PATH);
    } catch (caught) {
      setError(messageForAuthError(caught));
      setBusy(false);
    }
  };

  const name = reader.displayName || reader.email || 'Reader';
  const actions = (
    <>
      {reader.email && <li className={styles.email}>{reader.email}</li>}
      <li>
        <button type="button" className={clsx('dropdown__link', styles.action)} disabled={busy} onClick={() => void signOut(false)}>
          Sign out
        </button>
      </li>
      {settings.gateMode === 'server' && (
        <li>
          <button type="button" className={clsx('dropdown__link', styles.action)} disabled={busy} onClick={() => void signOut(true)}>
            Sign out everywhere
          </button>
        </li>
      )}
      {error && (
        <li role="alert" className={styles.error}>
          {error}
        </li>
      )}
    </>
  );

  if (mobile) {
    return (
      <li className="menu__list-item">
        <span className="menu__link">Signed in as {name}</span>
        <ul className="menu__list">{actions}</ul>
      </li>
    );
  }
  return (
    <div ref={menuRef} className={clsx('navbar__item', 'dropdown', 'dropdown--right', open && 'dropdown--show')}>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}>
        <span className={styles.visuallyHidden}>Signed in as </span>
        <span className={styles.name}>{name}</span>
      </button>
      <ul className="dropdown__menu">{actions}</ul>
    </div>
  );
}
