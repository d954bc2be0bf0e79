/**
 * Client module: corrects the search page's `version` parameter in the address bar before
 * React starts, so the plugin never sees `version=1.0` (see searchVersion.ts).
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {searchUrlWithCanonicalVersion} from './searchVersion';

if (ExecutionEnvironment.canUseDOM && /^\/search(?:\.html)?\/?$/.test(window.location.pathname)) {
  const search = searchUrlWithCanonicalVersion(window.location.search);
  if (search !== null) {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
  }
}
