import {VISITOR_PAGE_ATTRIBUTE} from '../../contracts/audiences';

/** Whether the gate sent this page to a visitor who is not signed in (a public page): false in the server-side render. */
export function isVisitorPage(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(VISITOR_PAGE_ATTRIBUTE);
}
