import {useEffect, type RefObject} from 'react';
import {useLockBodyScroll} from '@docusaurus/theme-common/internal';

/** What Tab stops at in the sheet: its field, its links and its buttons (the list's options are reached with the arrows). */
const TAB_STOPS = 'input:not([disabled]), a[href]:not([tabindex="-1"]), button:not([disabled]):not([tabindex="-1"])';

/**
 * A phone's search sheet is a modal dialog, as DocSearch's modal is: while it is open the page behind
 * does not scroll, and Tab and Shift+Tab go round the sheet's own stops instead of leaving it for the
 * page it covers. (Escape and Cancel are the box's: they close it.)
 */
export function useSearchSheet(open: boolean, sheet: RefObject<HTMLElement | null>): void {
  useLockBodyScroll(open);
  useEffect(() => {
    const element = sheet.current;
    if (!open || !element) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      // Read at each press: the popup's links change with its answer.
      const stops = Array.from(element.querySelectorAll<HTMLElement>(TAB_STOPS));
      const [first, last] = [stops[0], stops[stops.length - 1]];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [open, sheet]);
}
