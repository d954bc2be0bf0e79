import {startTransition, useActionState, useEffect, useEffectEvent, useOptimistic, useSyncExternalStore} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import {useAuth} from '@site/src/auth/AuthProvider';
import {authErrorCode, messageForAuthError} from '@site/src/auth/errors';
import {actionLinkOf, firebaseActionHandler} from '@site/src/auth/actionLink';
import {forgetSignOut, lastSignOut, storedSignOutNotice} from '@site/src/auth/signOutRecord';
import {AUTH_SETTINGS} from '@site/src/auth/siteSettings';
import {postLoginTarget} from '@site/contracts/paths';
import {isCurrentStep} from '@site/src/auth/actionStep';
import {
  INITIAL_LOGIN_STATE,
  linkReturnUrl,
  onReaderReported,
  outcomeOfFailure,
  reduceLogin,
  type LoginIntent,
  type LoginState,
  type LoginView,
  type SeenIntent,
} from './flow';
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
} from './signIn';

export interface LoginFlow {
  /** The panel to show. */
  view: LoginView;
  /** What the email field starts with. */
  email: string;
  busy: boolean;
  error: string;
  notice: string;
  /** Asks for something; ignored while another intent runs. */
  act(intent: LoginIntent): void;
  /** The form's action: its fields are read when it is sent, so text typed before hydration counts too. */
  submit(form: FormData): void;
}

/** The tab's storage changes only through this page's own actions. */
const noSubscription = () => () => undefined;

/**
 * Runs `work`, then moves the page on as `then` says; a failure stays on the page `state` shows, as a
 * sentence for the reader.
 */
async function attempt(
  state: LoginState,
  work: () => Promise<unknown>,
  then: (state: LoginState) => LoginState = (same) => same,
): Promise<LoginState> {
  try {
    await work();
  } catch (caught) {
    return reduceLogin(state, {type: 'failed', message: messageForAuthError(caught)});
  }
  return then(state);
}

/** What the intents need of the page they run on. */
interface LoginPage {
  /** Sends the password link, whose page leads back here. */
  sendLink(to: string): Promise<void>;
  /** Goes to the page the reader wanted, with the event that says why. */
  leave(state: LoginState, why?: 'leaving' | 'resumed'): LoginState;
  /** Shows "Signing you in…" while the running intent lasts. */
  showResuming(): void;
}

/** Signs in with `work` (false: nothing to sign in with), then leaves; a failure leads where outcomeOfFailure says. */
async function signIn(
  page: LoginPage,
  state: LoginState,
  work: () => Promise<boolean>,
  why: 'leaving' | 'resumed' = 'leaving',
): Promise<LoginState> {
  try {
    return (await work()) ? page.leave(state, why) : state;
  } catch (caught) {
    const email = currentUser()?.email ?? state.email.trim();
    switch (outcomeOfFailure(authErrorCode(caught)).next) {
      case 'verify': {
        // Whoever signed in may have registered someone else's address: only the link gets anyone in.
        const left = await attempt(state, leaveFirebase, (same) => reduceLogin(same, {type: 'link-sent', email, reason: 'unverified'}));
        return left.error ? left : attempt(left, () => page.sendLink(email));
      }
      case 'refused':
        return reduceLogin(state, {type: 'refused', email});
      case 'form':
        await leaveFirebase().catch(() => undefined);
        return reduceLogin(state, {type: 'failed', message: messageForAuthError(caught)});
    }
  }
}

/** Runs one intent: the calls it needs, and the page that follows from what they answered. */
async function runIntent(page: LoginPage, state: LoginState, intent: LoginIntent): Promise<LoginState> {
  switch (intent.type) {
    case 'submit': {
      const email = intent.email.trim();
      if (intent.mode === 'reset') {
        return attempt(
          state,
          () => page.sendLink(email),
          (sent) => reduceLogin(sent, {type: 'reset-link-sent', email}),
        );
      }
      if (intent.mode === 'sign-up') {
        // The same panel and the same link whether the address was new or not.
        const created = await attempt(
          state,
          () => createAccount(email),
          (same) => reduceLogin(same, {type: 'link-sent', email, reason: 'sign-up'}),
        );
        return created.error ? created : attempt(created, () => page.sendLink(email));
      }
      // A sign-in the reader asked for is theirs, not a leftover of the last sign-out.
      forgetSignOut();
      return signIn(page, state, () => signInWithPassword(email, intent.password).then(() => true));
    }
    case 'provider':
      forgetSignOut();
      return signIn(page, state, () => signInWithProvider(intent.name).then(() => true));
    case 'choose-mode':
      return reduceLogin(state, {type: 'mode-chosen', mode: intent.mode});
    case 'password-chosen':
      return reduceLogin(state, {type: 'password-chosen'});
    case 'send-again': {
      if (state.view.panel !== 'verify') return state;
      const {email} = state.view;
      return attempt(
        state,
        () => page.sendLink(email),
        (sent) => reduceLogin(sent, {type: 'link-sent-again', email}),
      );
    }
    case 'another-account':
      return attempt(state, leaveFirebase, (left) => reduceLogin(left, {type: 'account-left'}));
    case 'provider-returned':
      forgetSignOut();
      return signIn(page, state, completeProviderRedirect);
    case 'action-link': {
      const {link} = intent;
      if (link.kind === 'forward') {
        window.location.replace(link.url);
        return reduceLogin(state, {type: 'leaving'});
      }
      // Verifying goes through choosing the password, never through this code.
      try {
        const address = await addressOfActionCode(link.oobCode);
        return attempt(reduceLogin(state, {type: 'link-sent', email: address, reason: 'verify-link'}), () => page.sendLink(address));
      } catch (caught) {
        return reduceLogin(state, {type: 'failed', message: messageForAuthError(caught)});
      }
    }
    case 'reader-reported':
      // Just signed out in this tab: a tab that was starting up wrote the reader back.
      if (onReaderReported(lastSignOut(), Date.now()) === 'finish-sign-out') return attempt(state, leaveFirebase);
      page.showResuming();
      return signIn(page, state, () => resumeSession().then(() => true), 'resumed');
  }
}

/** Every way through the login page: the intents of src/login/flow.ts run as one React action at a time. */
export function useLoginFlow(): LoginFlow {
  const {status} = useAuth();
  const location = useLocation();
  const history = useHistory();
  const target = postLoginTarget(location.search, location.hash);
  // What the sign-out that led here left unfinished; the prerendered page has none, the tab's storage may.
  const signedOutNotice = useSyncExternalStore(noSubscription, storedSignOutNotice, () => '');
  const [resuming, showResuming] = useOptimistic(false);

  const page: LoginPage = {
    sendLink: (to) => sendResetLink(to, linkReturnUrl(window.location.origin, target)),
    leave: (state, why = 'leaving') => {
      // Behind the gate server the next page must come from the server, with the new cookie.
      if (AUTH_SETTINGS.gateMode === 'server') window.location.replace(target);
      else history.replace(target);
      return reduceLogin(state, {type: why});
    },
    showResuming: () => showResuming(true),
  };

  const [state, dispatch, pending] = useActionState(async (state: LoginState, intent: SeenIntent) => {
    if (!isCurrentStep(state, intent.seen)) return state;
    const email = intent.type === 'submit' ? intent.email.trim() : undefined;
    return runIntent(page, reduceLogin(state, {type: 'started', email}), intent);
  }, INITIAL_LOGIN_STATE);

  const act = (intent: LoginIntent) => startTransition(() => dispatch({...intent, seen: state.step}));

  // Once, when the page opens: back from a provider's page, or opened from one of Firebase's emails.
  const opened = useEffectEvent(() => {
    const link = actionLinkOf(location.search, firebaseActionHandler(AUTH_SETTINGS));
    if (isBackFromProviderRedirect()) act({type: 'provider-returned'});
    else if (link.kind !== 'none') act({type: 'action-link', link});
  });
  useEffect(() => opened(), []);

  // Firebase knows a reader while the form shows: an expired server session, /login opened while
  // signed in, or a sign-in in another tab. Renew the session without asking for the password,
  // unless this tab has just signed the reader out and another tab wrote them back.
  const readerReported = useEffectEvent(() => act({type: 'reader-reported'}));
  const idleOnForm = state.view.panel === 'form' && !pending && !state.leaving;
  useEffect(() => {
    if (status === 'signed-in' && idleOnForm) readerReported();
  }, [status, idleOnForm]);

  return {
    view: resuming ? {panel: 'resuming'} : state.view,
    email: state.email,
    busy: pending || state.leaving,
    error: state.error,
    notice: state.notice || (state.step === 0 ? signedOutNotice : ''),
    act,
    submit: (form) => {
      if (state.view.panel !== 'form') return;
      const field = (name: string) => String(form.get(name) ?? '');
      act({type: 'submit', mode: state.view.mode, email: field('email'), password: field('password')});
    },
  };
}
