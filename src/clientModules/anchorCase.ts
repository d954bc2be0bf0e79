/**
 * After a page opens or a link moves within it, a `#fragment` that names no element exactly scrolls to
 * the element whose id differs only in letter case, as GitHub does (contracts/anchors.ts).
 */
import type {ClientModule} from '@docusaurus/types';
import {fragmentOf, matchingAnchor} from '@site/contracts/anchors';

function scrollToCaseInsensitiveAnchor(hash: string): void {
  const fragment = fragmentOf(hash);
  if (fragment === '' || document.getElementById(fragment)) return;
  const ids = Array.from(document.querySelectorAll('[id]'), (element) => element.id);
  const id = matchingAnchor(ids, fragment);
  if (id !== undefined) document.getElementById(id)?.scrollIntoView();
}

const anchorCase: ClientModule = {
  onRouteDidUpdate({location}) {
    if (location.hash) scrollToCaseInsensitiveAnchor(location.hash);
  },
};

export default anchorCase;
