import {useEffect, useEffectEvent, useState} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import {useAuth} from '@site/src/auth/AuthProvider';
import {authErrorCode, AuthFlowError} from '@site/src/auth/errors';
import {
  onReaderReported,
  outcomeOfFailure,
  outcomeOfVerificationCheck,
  type FailedFrom,
  type FormMode,
  type LoginView,
} from '@site/src/auth/loginFlow';
import {postLoginTarget} from '@site/shared/paths';
import {
  completeProviderRedirect,
  continueAfterVerification,
  createAccount,
  currentUser,
  isBackFromProviderRedirect,
  leaveFirebase,
  resumeSession,
  sendAccountLink,
  sendResetLink,
  signInWithPassword,
  signInWithProvider,
  type ProviderName,
} from '@site/src/auth/signIn';
import {forgetSignOut, lastSignOut} from '@site/src/auth/signOutRecord';
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
  continueAfterVerifying(): void;
  sendLinkAgain(): void;
  chooseAnotherAccount(): void;
}

/** Every way through the login page, with the panel each one leads to (decided in src/auth/loginFlow.ts). */
export function useLoginFlows(): LoginFlows {
  const {status, settings} = useAuth();
  const location = useLocation();
  const history = useHistory();
  const target = postLoginTarget(location.search, location.hash);

  const [view, setView] = useState<LoginView>({panel: 'form', mode: 'sign-in'});
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState('');
  const {busy, error, setError, run} = useBusyAction();

  const act = (action: () => Promise<ActionResult>) =>
    void run(() => {
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
  async function handleFailure(caught: unknown, from: FailedFrom): Promise<void> {
    const outcome = outcomeOfFailure(authErrorCode(caught), from);
    const accountEmail = currentUser(settings)?.email ?? email.trim();
    switch (outcome.next) {
      case 'verify':
        setView({panel: 'verify', email: accountEmail});
        if (outcome.sendLink) await sendAccountLink(settings, accountEmail);
        return;
      case 'refused':
        setView({panel: 'refused', email: accountEmail});
        return;
      case 'form':
        await leaveFirebase(settings).catch(() => undefined);
        setView((current) => (current.panel === 'form' ? current : {panel: 'form', mode: 'sign-in'}));
        throw caught;
      case 'stay':
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
        await handleFailure(caught, from);
        return undefined;
      }
    });

  // Back from a provider's page after a blocked popup: once, when the page opens.
  const completeRedirect = useEffectEvent(() => {
    if (isBackFromProviderRedirect()) signIn('form', () => completeProviderRedirect(settings));
  });
  useEffect(() => completeRedirect(), []);

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
        await sendResetLink(settings, email);
        setNotice(`If an account uses ${email.trim()}, a link to reset its password is on its way.`);
      });
    } else if (view.mode === 'sign-up') {
      act(async () => {
        forgetSignOut();
        await createAccount(settings, email, password);
        // The same panel whether the address was new or not: only the link sent differs.
        setView({panel: 'verify', email: email.trim()});
        await sendAccountLink(settings, email);
      });
    } else {
      signIn('form', async () => {
        await signInWithPassword(settings, email, password);
        return true;
      });
    }
  };

  const continueAfterVerifying = () =>
    act(async () => {
      try {
        const outcome = outcomeOfVerificationCheck(await continueAfterVerification(settings));
        if (outcome.next === 'target') return goToTarget();
        if (outcome.next === 'stay') throw new AuthFlowError(outcome.code);
        if (view.panel === 'verify') setEmail(view.email);
        setPassword('');
        setView({panel: 'form', mode: 'sign-in'});
        setNotice('Sign in with your password to continue.');
        return undefined;
      } catch (caught) {
        await handleFailure(caught, 'verify');
        return undefined;
      }
    });

  const sendLinkAgain = () =>
    act(async () => {
      if (view.panel !== 'verify') return;
      await sendAccountLink(settings, view.email);
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
    notice,
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
    continueAfterVerifying,
    sendLinkAgain,
    chooseAnotherAccount,
  };
}
