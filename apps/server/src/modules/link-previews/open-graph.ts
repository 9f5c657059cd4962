import { ogDescription, ogTitle } from '@commons/domain';
import { Parser } from 'htmlparser2';

/** What a link preview shows: open-graph title (≤ 80) and description (≤ 200) of spec 9. */
export type TOpenGraph = {
  title: string;
  description: string;
  imageUrl: string | null;
  siteName: string | null;
};

/**
 * Reads open-graph (og:title, og:description, og:image, og:site_name) or plain <title> and description
 * meta tags from the head of a page, truncated by the spec 9 rules.
 */
export function parseOpenGraph(html: string, pageUrl: string): TOpenGraph {
  const meta: Record<string, string> = {};
  let title = '';
  let isInTitle = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title') isInTitle = true;
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
          if (key && attributes.content !== undefined && meta[key] === undefined)
            meta[key] = attributes.content;
        }
      },
      ontext(text) {
        if (isInTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') isInTitle = false;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  let imageUrl: string | null = null;
  const image = meta['og:image'] ?? meta['twitter:image'];
  if (image) {
    try {
      const resolved = new URL(image, pageUrl);
      imageUrl = resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.toString() : null;
    } catch {
      imageUrl = null;
    }
  }
  return {
    title: ogTitle(meta['og:title'] ?? meta['twitter:title'] ?? title ?? ''),
    description: ogDescription(
      meta['og:description'] ?? meta['twitter:description'] ?? meta['description'] ?? '',
    ),
    imageUrl,
    siteName: meta['og:site_name'] ? ogTitle(meta['og:site_name']) : null,
  };
}
