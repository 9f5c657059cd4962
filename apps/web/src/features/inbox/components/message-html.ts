import { findUnfilledPlaceholders } from '@commons/domain';

/** The text of sanitised message HTML, for checks such as unfilled placeholders (spec 5 Message template). */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Plain template text as editor HTML: one paragraph per line, with the text escaped. */
export function textToHtml(text: string): string {
  const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n+/)
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}

/** The unfilled-placeholder message of spec 5 Message template (the words the server answers), or null. */
export function placeholderError(html: string): string | null {
  const placeholders = findUnfilledPlaceholders(htmlToText(html));
  return placeholders.length === 0 ? null : `Please replace ${placeholders.join(', ')} before sending.`;
}
