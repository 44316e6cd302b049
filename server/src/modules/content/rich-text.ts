import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the Admin's editor is cleaned HERE, before it is stored (docs/decisions/007):
 * the public pages put it into the DOM as HTML, so only what this allowlist keeps can ever reach a
 * visitor, whatever the browser, editor or a hand-made request sent. No style, no classes, no
 * event handlers, no scripts, no frames, no images (files go through the sniffed upload routes).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'a',
    'hr',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // h1 is the page's own title: a heading in the text becomes h2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const out: Record<string, string> = { rel: 'noopener noreferrer' };
      if (attribs.href) out.href = attribs.href;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName, attribs: out };
    },
  },
  // Drop these with everything inside them, not just the tags.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
};

export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  // An editor's empty document is "<p></p>": store it as nothing.
  return /^(<p>\s*(<br \/>)?\s*<\/p>\s*)*$/.test(clean) ? '' : clean;
}
