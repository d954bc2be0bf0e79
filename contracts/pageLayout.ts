/** The element around a page's content (Docusaurus's skip-to-content target), right after the navbar in every layout. */
export const CONTENT_WRAPPER_ID = '__docusaurus_skipToContent_fallback';

/**
 * Chromium paints a page while its HTML is still being read: on a busy machine or a slow network a frame
 * showed the navbar with only its first items, and the rest then pushed them left (a layout shift under
 * the reader's pointer). This tag holds the first paint until the element after the navbar is read
 * (https://html.spec.whatwg.org/multipage/links.html#link-type-expect); browsers without it ignore it.
 */
export const WHOLE_NAVBAR_BEFORE_FIRST_PAINT = {
  tagName: 'link',
  attributes: {rel: 'expect', href: `#${CONTENT_WRAPPER_ID}`, blocking: 'render'},
};
