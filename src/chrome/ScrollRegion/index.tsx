import {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import {tableRegionLabel} from './label';

/**
 * A Markdown table in a region that scrolls sideways when the table is wider than the page (a phone).
 * Only then is it a named tab stop, so that a keyboard can scroll it (axe `scrollable-region-focusable`)
 * and a table that fits adds no stop. Measured in the browser: the server's HTML has no width to know.
 */
export default function ScrollingTable(props: ComponentProps<'table'>): ReactNode {
  const region = useRef<HTMLDivElement>(null);
  const [label, setLabel] = useState<string | null>(null);

  useEffect(() => {
    const element = region.current;
    if (!element) return undefined;
    const measure = () => {
      const scrolls = element.scrollWidth > element.clientWidth;
      const headings = Array.from(element.querySelectorAll('thead th'), (cell) => cell.textContent ?? '');
      setLabel(scrolls ? tableRegionLabel(headings) : null);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={region} className="th-table-scroll" {...(label === null ? {} : {role: 'region', 'aria-label': label, tabIndex: 0})}>
      <table {...props} />
    </div>
  );
}
