import {startTransition, useActionState, useEffect, useRef, useState, type ReactNode, type RefObject} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import {INSIGHTS_PAGE} from '@site/contracts/insights';
import {useInsightsAccess} from '@site/src/insights/useInsightsAccess';
import {isCurrentStep, type ActionSteps} from '@site/src/auth/actionStep';
import {useAuth} from '@site/src/auth/AuthProvider';
import {messageForAuthError} from '@site/src/auth/errors';
import {isVisitorPage} from '@site/src/auth/visitorPage';
import SignInLink from './SignInLink';
import SignOutItems from './SignOutItems';
import {initialOf} from './initial';
import styles from './styles.module.css';
import accessibility from '@site/src/css/accessibility.module.css';

interface Props {
  mobile?: boolean;
}

interface SignOutState extends ActionSteps {
  error: string;
}

/** An open menu closes on a click or focus outside it, and on Escape, which gives the focus back to its button. */
function useDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  menuRef: RefObject<HTMLDivElement | null>,
  triggerRef: RefObject<HTMLButtonElement | null>,
): void {
  useEffect(() => {
    if (!open) return undefined;
    // A click elsewhere, or focus moving out (as Docusaurus's own dropdowns close): it would cover what the reader went to.
    const closeOnOutside = (event: Event) => {
      if (!menuRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // The menu's buttons are hidden once it closes: focus goes back to the button that opened it.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (menuRef.current?.contains(document.activeElement)) triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('focusin', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('focusin', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open, setOpen, menuRef, triggerRef]);
}

/** The reader's account menu: who is signed in, "Sign out", and (behind the gate server) "Sign out everywhere". */
export default function AuthUserNavbarItem({mobile = false}: Props): ReactNode {
  const {status, reader, signOut} = useAuth();
  const [open, setOpen] = useState(false);
  // The gate takes every tab to the login page once Firebase reports the sign-out; on failure the
  // reader is still signed in and sees why here.
  const [{error, ...steps}, signOutAction, pending] = useActionState(
    async (state: SignOutState, {everywhere, seen}: {everywhere: boolean; seen: number}): Promise<SignOutState> => {
      if (!isCurrentStep(state, seen)) return state;
      try {
        await signOut({everywhere});
        return {error: '', leaving: true, step: state.step + 1};
      } catch (caught) {
        return {error: messageForAuthError(caught), leaving: false, step: state.step + 1};
      }
    },
    {error: '', leaving: false, step: 0},
  );
  const busy = pending || steps.leaving;
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  useDismiss(open, setOpen, menuRef, triggerRef);
  // The phone's menu is open while the navbar's sidebar is.
  const mobileSidebar = useNavbarMobileSidebar();
  const insights = useInsightsAccess(mobile ? mobileSidebar.shown : open);

  if (status === 'signed-out' && isVisitorPage()) return <SignInLink mobile={mobile} />;
  if (status !== 'signed-in' || !reader) {
    // The gate served this page to a signed-in reader: the account's place is kept, as large as the button
    // that takes it once Firebase names the reader, so that nothing in the navbar moves (a visitor's page
    // hides it: the Sign in link takes its place).
    if (mobile || status !== 'loading') return null;
    return (
      <div className={clsx('navbar__item', 'dropdown', 'dropdown--right', styles.menu, styles.slot)} aria-hidden="true">
        <span className={styles.trigger}>
          <span className={styles.avatar} />
        </span>
      </div>
    );
  }

  const signOutHere = (everywhere: boolean) => startTransition(() => signOutAction({everywhere, seen: steps.step}));

  const name = reader.displayName || reader.email || 'Reader';
  const actions = (
    <>
      {/* Whole here, however long. The phone menu's line names the reader already. */}
      {!mobile && (
        <li className={styles.who}>
          <span className={styles.whoName}>{name}</span>
          {reader.email && reader.email !== name && <span className={styles.email}>{reader.email}</span>}
        </li>
      )}
      {mobile && reader.email && reader.email !== name && <li className={styles.who}>{reader.email}</li>}
      {insights && (
        <li>
          <Link className="dropdown__link" to={INSIGHTS_PAGE} onClick={() => (mobile ? mobileSidebar.toggle() : setOpen(false))}>
            Insights
          </Link>
        </li>
      )}
      {/* A menu that closes forgets the question it asked: opened again, it shows its items. */}
      <SignOutItems key={String(open)} busy={busy} onSignOut={signOutHere} />
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
        <span className={clsx('menu__link', styles.wrapAnywhere)}>Signed in as {name}</span>
        <ul className="menu__list">{actions}</ul>
      </li>
    );
  }
  return (
    <div ref={menuRef} className={clsx('navbar__item', 'dropdown', 'dropdown--right', styles.menu, open && 'dropdown--show')}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        title={name}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}>
        <span className={accessibility.visuallyHidden}>Signed in as {name}</span>
        {/* A size of its own, whatever the name: the place kept for it before Firebase answers is as large. */}
        <span className={styles.avatar} aria-hidden="true">
          {initialOf(name)}
        </span>
      </button>
      <ul className="dropdown__menu">{actions}</ul>
    </div>
  );
}
