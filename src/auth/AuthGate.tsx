import {useEffect, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import {useAuth} from './AuthProvider';
import {decideGate} from './gate';
import {endServerSession} from './session';

/** Renders the page, nothing, or sends the reader to sign in, as decideGate says. */
export function AuthGate({children}: {children: ReactNode}): ReactNode {
  const {status, settings} = useAuth();
  const location = useLocation();
  const history = useHistory();
  const decision = decideGate({
    status,
    mode: settings.gateMode,
    pathname: location.pathname,
    currentUrl: `${location.pathname}${location.search}${location.hash}`,
  });

  const redirectTo = decision.kind === 'redirect' ? decision.to : null;
  const endSession = decision.kind === 'redirect' && decision.endServerSession;

  useEffect(() => {
    if (redirectTo === null) return;
    if (!endSession) {
      history.replace(redirectTo);
      return;
    }
    // The server still trusts this browser's cookie: end it, then let the server answer afresh.
    endServerSession()
      .catch((error: unknown) => console.warn('Could not end the server session', error))
      .finally(() => window.location.replace(redirectTo));
  }, [redirectTo, endSession, history]);

  useEffect(() => {
    if (settings.gateMode !== 'server') return undefined;
    // A page restored from the back-forward cache was not checked by the server: ask it again.
    const recheck = (event: PageTransitionEvent) => event.persisted && window.location.reload();
    window.addEventListener('pageshow', recheck);
    return () => window.removeEventListener('pageshow', recheck);
  }, [settings.gateMode]);

  return decision.kind === 'render' ? children : null;
}
