import sanitizeHtml from 'sanitize-html';

/**
 * Terms HTML as it may be shown to everyone: headings, paragraphs, lists, tables and links;
 * no scripts, no images, no event handlers, no styles.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    ol: ['start', 'type'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeTermsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
