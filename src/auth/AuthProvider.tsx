import React, {createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {User} from 'firebase/auth';
import type {AuthStatus} from './gate';
import type {AuthSettings} from './settings';
import {noteAuthReport} from './sessionEnded';

export interface Reader {
  email: string | null;
  displayName: string | null;
}

export interface AuthState {
  status: AuthStatus;
  reader: Reader | null;
  settings: AuthSettings;
  /** True from the moment the reader chose "Sign out" in this tab until the page leaves. */
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

export function useAuthSettings(): AuthSettings {
  const {siteConfig} = useDocusaurusContext();
  return siteConfig.customFields!.auth as AuthSettings;
}

function readerOf(user: User): Reader {
  return {email: user.email, displayName: user.displayName};
}

/** Subscribes to Firebase's auth state (shared across tabs through its persistence). */
export function AuthProvider({children}: {children: ReactNode}): ReactNode {
  const settings = useAuthSettings();
  const publicBuild = Boolean(useDocusaurusContext().siteConfig.customFields?.publicBuild);
  const [state, setState] = useState<{status: AuthStatus; reader: Reader | null}>({status: 'loading', reader: null});
  const [signingOut, setSigningOut] = useState(false);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const [loadAttempt, setLoadAttempt] = useState(0);

  useEffect(() => {
    if (settings.gateMode === 'off') return undefined;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    import(/* webpackChunkName: "auth-client" */ './firebase').then(
      ({watchAuthState}) => {
        if (cancelled) return;
        unsubscribe = watchAuthState(settings, (user) => {
          noteAuthReport(user !== null, publicBuild);
          setState(user ? {status: 'signed-in', reader: readerOf(user)} : {status: 'signed-out', reader: null});
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
  }, [settings, publicBuild, loadAttempt]);

  const retryLoad = useCallback(() => {
    setLoadError(null);
    setLoadAttempt((attempt) => attempt + 1);
  }, []);

  const signOut = useCallback(
    async ({everywhere = false} = {}) => {
      // Recorded before Firebase can report the sign-out, so the gate knows it was asked for here.
      setSigningOut(true);
      try {
        const {signOutReader} = await import(/* webpackChunkName: "auth-sign-out" */ './signOut');
        await signOutReader(settings, {everywhere});
      } catch (error) {
        setSigningOut(false);
        throw error;
      }
    },
    [settings],
  );

  const value = useMemo(
    () => ({...state, settings, signingOut, signOut, loadError, retryLoad}),
    [state, settings, signingOut, signOut, loadError, retryLoad],
  );

  // Not thrown: Docusaurus's error boundary above this provider is outside the theme, so its page
  // would have no chrome, no styles and no `lang`. The layout shows the failure instead.
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider> (src/theme/Root.tsx)');
  return state;
}
