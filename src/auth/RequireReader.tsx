import {useEffect, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import {useAuth} from './AuthProvider';
import {decidePageAccess} from './pageAccess';
import {endServerSession} from './gateApi';
import {AUTH_SETTINGS} from './siteSettings';
import {isVisitorPage} from './visitorPage';

/** Renders the page, nothing, or sends the reader to sign in, as decidePageAccess says. */
export function RequireReader({children}: {children: ReactNode}): ReactNode {
  const {status, signingOut} = useAuth();
  const location = useLocation();
  const history = useHistory();
  const decision = decidePageAccess({
    status,
    mode: AUTH_SETTINGS.gateMode,
    pathname: location.pathname,
    currentUrl: `${location.pathname}${location.search}${location.hash}`,
    signingOut,
    visitorPage: isVisitorPage(),
  });

  const redirectTo = decision.kind === 'redirect' ? decision.to : null;
  const endSession = decision.kind === 'redirect' && decision.endServerSession;
  const reload = decision.kind === 'redirect' && decision.reload;

  useEffect(() => {
    if (redirectTo === null) return;
    if (!reload) {
      history.replace(redirectTo);
      return;
    }
    // Signed out in another tab: the server may still trust this browser's cookie. End it first,
    // so that the server answers the login page afresh.
    const ended = endSession
      ? endServerSession().catch((error: unknown) => console.warn('Could not end the server session', error))
      : Promise.resolve();
    void ended.finally(() => window.location.replace(redirectTo));
  }, [redirectTo, endSession, reload, history]);

  useEffect(() => {
    if (AUTH_SETTINGS.gateMode !== 'server') return undefined;
    // A page restored from the back-forward cache was not checked by the server: ask it again.
    const recheck = (event: PageTransitionEvent) => event.persisted && window.location.reload();
    window.addEventListener('pageshow', recheck);
    return () => window.removeEventListener('pageshow', recheck);
  }, []);

  return decision.kind === 'render' ? children : null;
}
