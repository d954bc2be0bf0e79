import {useEffect, useEffectEvent, useState, useSyncExternalStore} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import {useAuth} from '@site/src/auth/AuthProvider';
import {authErrorCode} from '@site/src/auth/errors';
import {
  linkReturnUrl,
  onReaderReported,
  outcomeOfFailure,
  SIGN_IN_AFTER_LINK,
  type FailedFrom,
  type FormMode,
  type LoginView,
} from '@site/src/auth/loginFlow';
import {actionLinkOf, firebaseActionHandler} from '@site/src/auth/actionLink';
import {postLoginTarget} from '@site/contracts/paths';
import {
  addressOfActionCode,
  completeProviderRedirect,
  createAccount,
  currentUser,
  isBackFromProviderRedirect,
  leaveFirebase,
  resumeSession,
  sendResetLink,
  signInWithPassword,
  signInWithProvider,
  type ProviderName,
} from '@site/src/auth/signIn';
import {forgetSignOut, lastSignOut, storedSignOutNotice} from '@site/src/auth/signOutRecord';
import {useBusyAction, type ActionResult} from '@site/src/auth/useBusyAction';

export interface LoginFlows {
  view: LoginView;
  email: string;
  setEmail(email: string): void;
  password: string;
  setPassword(password: string): void;
  busy: boolean;
  error: string;
  /** A confirmation for the reader (role="status"), or ''. */
  notice: string;
  switchMode(mode: FormMode): void;
  submitForm(): void;
  withProvider(name: ProviderName): void;
  signInAfterLink(): void;
  sendLinkAgain(): void;
  chooseAnotherAccount(): void;
}

/** The tab's storage changes only through this page's own actions. */
const noSubscription = () => () => undefined;

/** Every way through the login page, with the panel each one leads to (decided in src/auth/loginFlow.ts). */
export function useLoginFlows(): LoginFlows {
  const {status, settings} = useAuth();
  const location = useLocation();
  const history = useHistory();
  const target = postLoginTarget(location.search, location.hash);
  const sendLink = (to: string) => sendResetLink(settings, to, linkReturnUrl(window.location.origin, target));

  const [view, setView] = useState<LoginView>({panel: 'form', mode: 'sign-in'});
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState('');
  // What the sign-out that led here left unfinished; the prerendered page has none, the tab's storage may.
  const signedOut = useSyncExternalStore(noSubscription, storedSignOutNotice, () => '');
  const [acted, setActed] = useState(false);
  const {busy, error, setError, run} = useBusyAction();

  const act = (action: () => Promise<ActionResult>) =>
    void run(() => {
      setActed(true);
      setNotice('');
      return action();
    });

  const goToTarget = (): ActionResult => {
    // Behind the gate server the next page must come from the server, with the new cookie.
    if (settings.gateMode === 'server') window.location.replace(target);
    else history.replace(target);
    return 'leaving';
  };

  /** Moves to the panel a failure leads to; rethrows when the reader should read the error. */
  async function handleFailure(caught: unknown): Promise<void> {
    const outcome = outcomeOfFailure(authErrorCode(caught));
    const accountEmail = currentUser(settings)?.email ?? email.trim();
    switch (outcome.next) {
      case 'verify':
        // Whoever signed in may have registered someone else's address: only the link gets anyone in.
        await leaveFirebase(settings);
        setView({panel: 'verify', email: accountEmail, reason: 'unverified'});
        await sendLink(accountEmail);
        return;
      case 'refused':
        setView({panel: 'refused', email: accountEmail});
        return;
      case 'form':
        await leaveFirebase(settings).catch(() => undefined);
        setView((current) => (current.panel === 'form' ? current : {panel: 'form', mode: 'sign-in'}));
        throw caught;
    }
  }

  const signIn = (from: FailedFrom, work: () => Promise<boolean>) =>
    act(async () => {
      // A sign-in the reader asked for is theirs, not a leftover of the last sign-out.
      if (from === 'form') forgetSignOut();
      try {
        return (await work()) ? goToTarget() : undefined;
      } catch (caught) {
        await handleFailure(caught);
        return undefined;
      }
    });

  // What the sign-out that led here did not finish, or ended beyond what was asked: once, when the page opens.
  // Back from a provider's page after a blocked popup: once, when the page opens.
  const completeRedirect = useEffectEvent(() => {
    if (isBackFromProviderRedirect()) signIn('form', () => completeProviderRedirect(settings));
  });
  useEffect(() => completeRedirect(), []);

  // Opened from one of Firebase's emails (this page is the project's action handler): once, when the page opens.
  const openActionLink = useEffectEvent(() => {
    const link = actionLinkOf(location.search, firebaseActionHandler(settings));
    if (link.kind === 'forward') {
      act(async () => {
        window.location.replace(link.url);
        return 'leaving';
      });
    } else if (link.kind === 'verify-email') {
      // Verifying goes through choosing the password, never through this code.
      act(async () => {
        const address = await addressOfActionCode(settings, link.oobCode);
        setView({panel: 'verify', email: address, reason: 'verify-link'});
        await sendLink(address);
      });
    }
  });
  useEffect(() => openActionLink(), []);

  // Firebase knows a reader while the form shows: an expired server session, /login opened while
  // signed in, or a sign-in in another tab. Renew the session without asking for the password,
  // unless this tab has just signed the reader out and another tab wrote them back.
  const resumeKnownReader = useEffectEvent(() => {
    if (onReaderReported(lastSignOut(), Date.now()) === 'finish-sign-out') {
      act(() => leaveFirebase(settings));
      return;
    }
    signIn('resume', async () => {
      setView({panel: 'resuming'});
      await resumeSession(settings);
      return true;
    });
  });
  useEffect(() => {
    if (status === 'signed-in' && view.panel === 'form' && !busy) resumeKnownReader();
  }, [status, view.panel, busy]);

  const submitForm = () => {
    if (view.panel !== 'form') return;
    if (view.mode === 'reset') {
      act(async () => {
        await sendLink(email);
        setNotice(`If an account uses ${email.trim()}, a link to reset its password is on its way.`);
      });
    } else if (view.mode === 'sign-up') {
      act(async () => {
        await createAccount(settings, email);
        // The same panel and the same link whether the address was new or not.
        setView({panel: 'verify', email: email.trim(), reason: 'sign-up'});
        await sendLink(email);
      });
    } else {
      signIn('form', async () => {
        await signInWithPassword(settings, email, password);
        return true;
      });
    }
  };

  const signInAfterLink = () => {
    if (busy || view.panel !== 'verify') return;
    setEmail(view.email);
    setPassword('');
    setError('');
    setView({panel: 'form', mode: 'sign-in'});
    setNotice(SIGN_IN_AFTER_LINK.notice);
  };

  const sendLinkAgain = () =>
    act(async () => {
      if (view.panel !== 'verify') return;
      await sendLink(view.email);
      setNotice(`We sent another link to ${view.email}.`);
    });

  const chooseAnotherAccount = () =>
    act(async () => {
      await leaveFirebase(settings);
      setEmail('');
      setPassword('');
      setView({panel: 'form', mode: 'sign-in'});
    });

  return {
    view,
    email,
    setEmail,
    password,
    setPassword,
    busy,
    error,
    notice: notice || (acted ? '' : signedOut),
    switchMode: (mode) => {
      if (busy) return;
      setError('');
      setNotice('');
      setView({panel: 'form', mode});
    },
    submitForm,
    withProvider: (name) =>
      signIn('form', async () => {
        await signInWithProvider(settings, name);
        return true;
      }),
    signInAfterLink,
    sendLinkAgain,
    chooseAnotherAccount,
  };
}
