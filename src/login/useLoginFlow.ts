import {startTransition, useActionState, useEffect, useEffectEvent, useOptimistic, useSyncExternalStore} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {useHistory, useLocation} from '@docusaurus/router';
import {useAuth} from '@site/src/auth/AuthProvider';
import {authErrorCode, AuthFlowError, messageForAuthError} from '@site/src/auth/errors';
import {actionLinkOf, firebaseActionHandler, returnQueryOf, type ActionLink} from '@site/src/auth/actionLink';
import {forgetSignOut, lastSignOut, storedSignOutNotice} from '@site/src/auth/signOutRecord';
import {AUTH_SETTINGS, SITE_TITLE} from '@site/src/auth/siteSettings';
import {loginUrlFor, postLoginTarget} from '@site/contracts/paths';
import {isCurrentStep} from '@site/src/auth/actionStep';
import {notAppliedNotice} from './copy';
import {
  formModeShown,
  INITIAL_LOGIN_STATE,
  linkOpening,
  linkReturnUrl,
  onReaderReported,
  outcomeOfFailure,
  proofLinkOf,
  reduceLogin,
  type LoginEvent,
  type LoginField,
  type LoginIntent,
  type LoginState,
  type OfferedOptions,
  type SeenIntent,
} from './flow';
import type {EmailLink, FormMode, LoginView} from './views';
import {signInOptions, useSignInOptions} from './signInOptions';
import {
  addressAskedHere,
  addressOfActionCode,
  completeProviderRedirect,
  createAccount,
  currentUser,
  isBackFromProviderRedirect,
  leaveFirebase,
  resumeSession,
  sendResetLink,
  sendSignInLink,
  signedInReader,
  signInWithLink,
  signInWithPassword,
  signInWithProvider,
} from './signIn';

export interface LoginFlow {
  /** The panel to show. */
  view: LoginView;
  /** What the gate server lets the page offer. */
  options: OfferedOptions;
  /** What the email field starts with. */
  email: string;
  busy: boolean;
  error: string;
  /** The field the error is about, or null. */
  invalid: LoginField | null;
  /** Counts the page's changes (src/auth/actionStep.ts): an error as the one before is a new one all the same. */
  step: number;
  notice: string;
  /** Asks for something; ignored while another intent runs. */
  act(intent: LoginIntent): void;
  /** The form's action: its fields are read when it is sent, so text typed before hydration counts too. */
  submit(form: FormData): void;
}

/** The tab's storage changes only through this page's own actions. */
const noSubscription = () => () => undefined;

/** What a caught error tells the page: the sentence for the reader, and the code that says which field is at fault. */
function failure(caught: unknown): LoginEvent {
  return {type: 'failed', message: messageForAuthError(caught), code: authErrorCode(caught)};
}

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
    return reduceLogin(state, failure(caught));
  }
  return then(state);
}

/** What the intents need of the page they run on. */
interface LoginPage {
  /** Sends `link` to the address, whose page leads back here. */
  sendLink(to: string, link: EmailLink): Promise<void>;
  /** The link that proves an address, as the gate server's options say (see proofLinkOf). */
  proofLink(): Promise<EmailLink>;
  /** The form `mode` as the gate server's options show it (see formModeShown). */
  formMode(mode: FormMode): Promise<FormMode>;
  /** Goes to the page the reader wanted, with the event that says why. */
  leave(state: LoginState, why?: 'leaving' | 'resumed'): LoginState;
  /** Shows "Signing you in…" while the running intent lasts. */
  showResuming(): void;
  /** Takes a used (or dead) link's code out of the address bar: a reload must not try it again. */
  forgetLink(): void;
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
        const link = await page.proofLink();
        const left = await attempt(state, leaveFirebase, (same) =>
          reduceLogin(same, {type: 'link-sent', email, reason: 'unverified', link}),
        );
        return left.error ? left : attempt(left, () => page.sendLink(email, link));
      }
      case 'refused':
        return reduceLogin(state, {type: 'refused', email});
      case 'form':
        await leaveFirebase().catch(() => undefined);
        return reduceLogin(state, failure(caught));
    }
  }
}

/**
 * Uses a sign-in link sent to `email`, then starts the session as any sign-in does. A link used already
 * or expired leads to the form that sends a new one; any other failure leaves the link unused, to try
 * again (with another address, or once the service answers).
 */
async function signInByLink(page: LoginPage, state: LoginState, email: string, href: string): Promise<LoginState> {
  try {
    await signInWithLink(email, href);
  } catch (caught) {
    const error = messageForAuthError(caught);
    const code = authErrorCode(caught);
    if (code === 'auth/invalid-action-code' || code === 'auth/expired-action-code') {
      page.forgetLink();
      return reduceLogin(state, {type: 'form-shown', mode: await page.formMode('link'), email, error});
    }
    return reduceLogin(state, {type: 'link-needs-address', href, email, error});
  }
  page.forgetLink();
  return signIn(page, state, () => resumeSession().then(() => true));
}

/** Runs one intent: the calls it needs, and the page that follows from what they answered. */
async function runIntent(page: LoginPage, state: LoginState, intent: LoginIntent): Promise<LoginState> {
  switch (intent.type) {
    case 'submit': {
      const email = intent.email.trim();
      switch (intent.mode) {
        case 'reset':
          return attempt(
            state,
            () => page.sendLink(email, 'password'),
            (sent) => reduceLogin(sent, {type: 'reset-link-sent', email}),
          );
        case 'link':
          return attempt(
            state,
            () => page.sendLink(email, 'sign-in'),
            (sent) => reduceLogin(sent, {type: 'link-sent', email, reason: 'sign-in-link', link: 'sign-in'}),
          );
        case 'sign-up': {
          // The same panel and the same link whether the address was new or not.
          const link = await page.proofLink();
          // A sign-in link makes the account when it is used; a password link needs one with a password nobody knows.
          const created = link === 'password' ? await attempt(state, () => createAccount(email)) : state;
          if (created.error) return created;
          return attempt(
            created,
            () => page.sendLink(email, link),
            (sent) => reduceLogin(sent, {type: 'link-sent', email, reason: 'sign-up', link}),
          );
        }
        case 'sign-in':
          // A sign-in the reader asked for is theirs, not a leftover of the last sign-out.
          forgetSignOut();
          return signIn(page, state, () => signInWithPassword(email, intent.password).then(() => true));
      }
      break;
    }
    case 'provider':
      forgetSignOut();
      return signIn(page, state, () => signInWithProvider(intent.name).then(() => true));
    case 'choose-mode':
      return reduceLogin(state, {type: 'mode-chosen', mode: intent.mode});
    case 'password-chosen':
      return reduceLogin(state, {type: 'password-chosen'});
    case 'send-again': {
      if (state.view.panel !== 'link-sent') return state;
      const {email, link} = state.view;
      return attempt(
        state,
        () => page.sendLink(email, link),
        (sent) => reduceLogin(sent, {type: 'link-sent-again', email}),
      );
    }
    case 'another-account':
      return attempt(state, leaveFirebase, (left) => reduceLogin(left, {type: 'account-left'}));
    case 'confirm-link':
      if (state.view.panel !== 'confirm-link') return state;
      forgetSignOut();
      return signInByLink(page, state, intent.email.trim(), state.view.href);
    case 'provider-returned':
      forgetSignOut();
      return signIn(page, state, completeProviderRedirect);
    case 'action-link':
      return openActionLink(page, state, intent.link);
    case 'reader-reported':
      // Just signed out in this tab: a tab that was starting up wrote the reader back.
      if (onReaderReported(lastSignOut(), Date.now()) === 'finish-sign-out') return attempt(state, leaveFirebase);
      return resume(page, state);
  }
  return state;
}

/** Renews the session of the reader Firebase knows here, without asking for the password, saying so while it runs. */
function resume(page: LoginPage, state: LoginState): Promise<LoginState> {
  page.showResuming();
  return signIn(page, state, () => resumeSession().then(() => true), 'resumed');
}

/** The page opened from one of Firebase's emails: each kind as src/auth/actionLink.ts says. */
async function openActionLink(page: LoginPage, state: LoginState, link: Exclude<ActionLink, {kind: 'none'}>): Promise<LoginState> {
  switch (link.kind) {
    case 'forward':
      window.location.replace(link.url);
      return reduceLogin(state, {type: 'leaving'});
    case 'sign-in': {
      forgetSignOut();
      const opening = linkOpening(addressAskedHere(), await signedInReader());
      switch (opening.next) {
        case 'use-link':
          return signInByLink(page, state, opening.email, link.href);
        case 'go-on':
          return resume(page, state);
        case 'ask-address':
          // Opened in another browser (or on a phone): Firebase needs the address it was sent to.
          return reduceLogin(state, {type: 'link-needs-address', href: link.href});
      }
      break;
    }
    case 'verify-email':
      // Verifying goes through the link that proves the address, never through this code.
      try {
        const address = await addressOfActionCode(link.oobCode);
        const proof = await page.proofLink();
        return attempt(reduceLogin(state, {type: 'link-sent', email: address, reason: 'verify-link', link: proof}), () =>
          page.sendLink(address, proof),
        );
      } catch (caught) {
        return reduceLogin(state, failure(caught));
      }
    case 'not-applied':
      page.forgetLink();
      try {
        const address = await addressOfActionCode(link.oobCode);
        const notice = notAppliedNotice(link.mode, address, SITE_TITLE);
        return reduceLogin(state, {type: 'form-shown', mode: await page.formMode('link'), email: address, notice});
      } catch (caught) {
        return reduceLogin(state, failure(caught));
      }
    case 'unknown':
      page.forgetLink();
      return reduceLogin(state, failure(new AuthFlowError('auth/unknown-action')));
  }
}

/** Every way through the login page: the intents of src/login/flow.ts run as one React action at a time. */
export function useLoginFlow(): LoginFlow {
  const {status} = useAuth();
  const location = useLocation();
  const history = useHistory();
  const options = useSignInOptions();
  // A link Firebase sent straight here carries the page the reader wanted in its continueUrl.
  const origin = ExecutionEnvironment.canUseDOM ? window.location.origin : '';
  const target = postLoginTarget(returnQueryOf(location.search, origin), location.hash);
  // What the sign-out that led here left unfinished; the prerendered page has none, the tab's storage may.
  const signedOutNotice = useSyncExternalStore(noSubscription, storedSignOutNotice, () => '');
  const [resuming, showResuming] = useOptimistic(false);

  const page: LoginPage = {
    sendLink: (to, link) => (link === 'sign-in' ? sendSignInLink : sendResetLink)(to, linkReturnUrl(window.location.origin, target)),
    proofLink: async () => proofLinkOf((await signInOptions()).emailSignIn),
    formMode: async (mode) => formModeShown(mode, (await signInOptions()).emailSignIn),
    forgetLink: () => history.replace(loginUrlFor(target)),
    leave: (state, why = 'leaving') => {
      // Behind the gate server the next page must come from the server, with the new cookie.
      if (AUTH_SETTINGS.gateMode === 'server') window.location.replace(target);
      else history.replace(target);
      return reduceLogin(state, {type: why});
    },
    // A transition of its own: past the action's first await, React no longer knows the update is the action's.
    showResuming: () => startTransition(() => showResuming(true)),
  };

  const [state, dispatch, pending] = useActionState(async (state: LoginState, intent: SeenIntent) => {
    if (!isCurrentStep(state, intent.seen)) return state;
    const email = intent.type === 'submit' ? intent.email.trim() : undefined;
    return runIntent(page, reduceLogin(state, {type: 'started', email}), intent);
  }, INITIAL_LOGIN_STATE);

  const act = (intent: LoginIntent) => startTransition(() => dispatch({...intent, seen: state.step}));

  // Once, when the page opens: back from a provider's page, or opened from one of Firebase's emails.
  const opened = useEffectEvent(() => {
    const link = actionLinkOf(location.search, firebaseActionHandler(AUTH_SETTINGS), window.location.origin);
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

  // The form as the gate's options show it: a link-only gate has no password form, a password-only one no link form.
  const view: LoginView =
    state.view.panel === 'form' ? {panel: 'form', mode: formModeShown(state.view.mode, options.emailSignIn)} : state.view;
  return {
    view: resuming ? {panel: 'resuming'} : view,
    options,
    email: state.email,
    busy: pending || state.leaving,
    error: state.error,
    invalid: state.invalid,
    step: state.step,
    notice: state.notice || (state.step === 0 ? signedOutNotice : ''),
    act,
    submit: (form) => {
      const field = (name: string) => String(form.get(name) ?? '');
      if (view.panel === 'form') act({type: 'submit', mode: view.mode, email: field('email'), password: field('password')});
      if (view.panel === 'confirm-link') act({type: 'confirm-link', email: field('email')});
    },
  };
}
