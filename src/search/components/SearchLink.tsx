/**
 * A link from search (the box's suggestions and footer, the search page's results) to a page of the
 * site: a real anchor, so that every way of opening a link works, which a plain click opens within the
 * app, as Docusaurus's Link does. Unlike that Link, it prefetches the page's code by the page, once,
 * not by the address: Docusaurus prefetches each new address anew, and each time walks every route of
 * the site (`window.docusaurus.prefetch`), so the links of an answer, whose addresses change with every
 * key, cost 2–3 ms a key on the fixture site and add `<link rel=prefetch>` elements without end
 * (bench/HISTORY.md, "warm keys"). The field's fix is the same: gatsbyjs/gatsby#4430, withastro/astro#11713.
 */
import {useEffect, type ComponentProps, type MouseEvent, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import {isPlainClick, pageOf} from '../searchLinks';

type SearchLinkProps = Omit<ComponentProps<'a'>, 'href'> & {href: string};

export default function SearchLink({href, onClick, onMouseEnter, children, ...props}: SearchLinkProps): ReactNode {
  const history = useHistory();
  const page = pageOf(href);
  // Once shown, not once scrolled into view as Docusaurus's Link does: search shows a few pages at a time, and
  // Docusaurus's own set keeps each page once.
  useEffect(() => void window.docusaurus?.prefetch(page), [page]);
  return (
    <a
      {...props}
      href={href}
      onMouseEnter={(event) => {
        void window.docusaurus?.preload(page);
        onMouseEnter?.(event);
      }}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        history.push(href);
      }}>
      {children}
    </a>
  );
}
