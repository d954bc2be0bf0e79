import type {ReactNode} from 'react';
import {Redirect} from '@docusaurus/router';
import {LOGIN_PATH} from '@site/contracts/paths';

/**
 * The login build's not-found route (docusaurus.login.config.ts): that build has one page, so any other
 * address of it is the login page. The gate never serves the not-found page Docusaurus writes for it
 * (server/rules/requestPath.ts), which is rendered without chrome: only /login has the login page's chrome.
 */
export default function LoginBuildNotFound(): ReactNode {
  return <Redirect to={LOGIN_PATH} />;
}
