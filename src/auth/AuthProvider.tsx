import React, {createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import type {User} from 'firebase/auth';
import type {AuthStatus} from './pageAccess';
import {noteAuthReport} from './sessionEnded';
import {AuthFlowError} from './errors';
import {AUTH_SETTINGS} from './siteSettings';

export interface Reader {
  email: string | null;
  displayName: string | null;
}

export interface AuthState {
  status: AuthStatus;
  reader: Reader | null;
  /** The reader is signed out because they chose "Sign out" in this tab (not in another one, or elsewhere). */
  signingOut: boolean;
  /**
   * Ends the server session, then Firebase's; the gate then takes the tab to the login page.
   * Rejects (and the reader stays signed in) when the server session could not be ended.
   */
  signOut(options?: {everywhere?: boolean}): Promise<void>;
  /** The sign-in code could not be loaded: the page shows why instead of its content (src/theme/Layout). */
  loadError: Error | null;
  /** Loads the sign-in code again after `loadError`. */
  retryLoad(): void;
}

const AuthContext = createContext<AuthState | null>(null);

function readerOf(user: User): Reader {
  return {email: user.email, displayName: user.displayName};
}

/** Subscribes to Firebase's auth state (shared across tabs through its persistence). */
export function AuthProvider({children}: {children: ReactNode}): ReactNode {
  const [state, setState] = useState<{status: AuthStatus; reader: Reader | null; signingOut: boolean}>({
    status: 'loading',
    reader: null,
    signingOut: false,
  });
  // Read with Firebase's report, into the same state: the sign-out may run inside a React action, whose
  // own state updates wait for its end, while the report that the reader is gone comes before.
  const signOutAsked = useRef(false);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const [loadAttempt, setLoadAttempt] = useState(0);

  useEffect(() => {
    if (AUTH_SETTINGS.gateMode === 'off') return undefined;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    import(/* webpackChunkName: "auth-client" */ './firebase').then(
      ({watchAuthState}) => {
        if (cancelled) return;
        unsubscribe = watchAuthState((user) => {
          noteAuthReport(user !== null);
          setState(
            user
              ? {status: 'signed-in', reader: readerOf(user), signingOut: false}
              : {status: 'signed-out', reader: null, signingOut: signOutAsked.current},
          );
        });
      },
      (error: unknown) => {
        setLoadError(new Error('The sign-in code could not be loaded. Check your connection and try again.', {cause: error}));
      },
    );
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [loadAttempt]);

  const retryLoad = useCallback(() => {
    setLoadError(null);
    setLoadAttempt((attempt) => attempt + 1);
  }, []);

  const signOut = useCallback(async ({everywhere = false} = {}) => {
    // Recorded before Firebase can report the sign-out, so the gate knows it was asked for here.
    signOutAsked.current = true;
    try {
      const {signOutReader} = await import(/* webpackChunkName: "auth-sign-out" */ './signOut').catch((error: unknown) => {
        throw new AuthFlowError('session/sign-out-unavailable', {cause: error});
      });
      await signOutReader({everywhere});
    } catch (error) {
      signOutAsked.current = false;
      throw error;
    }
  }, []);

  const value = useMemo(() => ({...state, signOut, loadError, retryLoad}), [state, signOut, loadError, retryLoad]);

  // Not thrown: Docusaurus's error boundary above this provider is outside the theme, so its page
  // would have no chrome, no styles and no `lang`. The layout shows the failure instead.
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider> (src/theme/Root.tsx)');
  return state;
}
