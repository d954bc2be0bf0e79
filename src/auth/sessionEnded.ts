/**
 * Whether the reader's session ended without them signing out: Firebase reports nobody in a browser
 * that had a session of the site (revoked, signed out everywhere, account disabled). The login page
 * then says so. Signing out on purpose, here or in another tab, forgets the session first, so it
 * says nothing; the same words for every cause, so a stranger at the keyboard learns nothing of the account.
 */
import {isLoginPath} from '../../contracts/paths';
import {forgetRecentSearches} from '../search/recentSearches';

export type SessionChange = 'remember' | 'ended' | 'none';

/**
 * What a report of Firebase's means. Only the site's pages (which the gate served to a session) make
 * a session worth remembering: the login page also sees readers the gate goes on to refuse.
 */
export function sessionChange({
  hadSession,
  readerPresent,
  onLoginPage,
}: {
  hadSession: boolean;
  readerPresent: boolean;
  onLoginPage: boolean;
}): SessionChange {
  if (readerPresent) return onLoginPage ? 'none' : 'remember';
  return hadSession ? 'ended' : 'none';
}

/** Shared by the tabs: a sign-out in one forgets it for all. */
export const HAD_SESSION_KEY = 'tutorial-hub:had-session';
/** Per tab: it speaks only to the tab that saw the session end, and until it signs in again. */
const ENDED_KEY = 'tutorial-hub:session-ended';

const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Records what Firebase just reported (see sessionChange) on the page this tab shows. */
export function noteAuthReport(readerPresent: boolean): void {
  const onLoginPage = isLoginPath(window.location.pathname);
  const change = sessionChange({hadSession: localStorage.getItem(HAD_SESSION_KEY) !== null, readerPresent, onLoginPage});
  if (change === 'remember') {
    localStorage.setItem(HAD_SESSION_KEY, '1');
    sessionStorage.removeItem(ENDED_KEY);
  } else if (change === 'ended') {
    localStorage.removeItem(HAD_SESSION_KEY);
    forgetRecentSearches(localStorage);
    sessionStorage.setItem(ENDED_KEY, '1');
    changed();
  }
}

/**
 * The reader signs out on purpose: nothing ended behind their back. Their recent searches go too, here
 * as when the session ends otherwise, so that the next reader of a shared computer does not see them.
 */
export function forgetSession(): void {
  localStorage.removeItem(HAD_SESSION_KEY);
  forgetRecentSearches(localStorage);
}

export function subscribeSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionHasEnded(): boolean {
  return sessionStorage.getItem(ENDED_KEY) !== null;
}
