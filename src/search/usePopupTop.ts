import {useLayoutEffect, useState, type RefObject} from 'react';

/**
 * Where a popup fixed to the viewport starts: just below `anchor`, kept there while the page scrolls
 * or resizes. On a phone the search box sits in a narrow, positioned corner of the navbar, so its
 * popup is fixed to the viewport (the screen's width) instead of absolute to the box.
 */
export function usePopupTop(open: boolean, anchor: RefObject<HTMLElement | null>): number | undefined {
  const [top, setTop] = useState<number>();
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => setTop(anchor.current?.getBoundingClientRect().bottom);
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, {passive: true});
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place);
    };
  }, [open, anchor]);
  return top;
}
