/**
 * The one sanitiser of user rich text (spec 5 Rich text, Embedded frames): questions, answers,
 * comments, resources, event descriptions, announcements and inbox messages all pass through here
 * before they are stored. See docs/adr/0004-rich-text.md for the two named extensions (embed frames
 * of EMBED_HOSTS and images uploaded through the server).
 */
import {
  RICH_TEXT_ALLOWED_ATTRIBUTES,
  RICH_TEXT_ALLOWED_CLASSES,
  RICH_TEXT_ALLOWED_TAGS,
  USER_HTML_FORBIDDEN,
} from '@commons/domain';
import sanitizeHtml from 'sanitize-html';

/** One approved embed host (spec 5 Embedded frames): the spec's category, and the exact host names. */
export type TEmbedHost = {
  category:
    | 'video-sharing service'
    | 'video hosting service'
    | 'career video host'
    | 'university video host'
    | 'embed service'
    | 'forms service'
    | 'media platform'
    | 'university video portal';
  /** Exact host names; a leading '.' also admits every subdomain (e.g. '.hosted.panopto.com'). */
  hosts: readonly string[];
  /** Path prefixes the frame must start with; absent means any path. */
  pathPrefixes?: readonly string[];
};

/**
 * Approved embed hosts, one entry per category the spec names. Frames are kept only with an https
 * URL on one of these hosts; every other iframe is removed. The same list feeds the
 * Content-Security-Policy frame-src (app.ts), so the browser enforces it too.
 */
export const EMBED_HOSTS: readonly TEmbedHost[] = [
  {
    category: 'video-sharing service',
    hosts: ['www.youtube.com', 'www.youtube-nocookie.com'],
    pathPrefixes: ['/embed/'],
  },
  { category: 'video hosting service', hosts: ['player.vimeo.com'], pathPrefixes: ['/video/'] },
  { category: 'career video host', hosts: ['www.candidcareer.com'] },
  { category: 'university video host', hosts: ['cdnapisec.kaltura.com', '.mediaspace.kaltura.com'] },
  { category: 'embed service', hosts: ['cdn.embedly.com'] },
  { category: 'forms service', hosts: ['docs.google.com'], pathPrefixes: ['/forms/'] },
  { category: 'media platform', hosts: ['fast.wistia.net'], pathPrefixes: ['/embed/'] },
  {
    category: 'university video portal',
    hosts: ['.hosted.panopto.com'],
    pathPrefixes: ['/Panopto/Pages/Embed.aspx'],
  },
];

/** Host sources for the CSP frame-src directive ('https://host' or 'https://*.domain'). */
export function embedFrameSources(): string[] {
  return EMBED_HOSTS.flatMap((entry) =>
    entry.hosts.map((host) => (host.startsWith('.') ? `https://*${host}` : `https://${host}`)),
  );
}

function hostMatches(pattern: string, hostname: string): boolean {
  return pattern.startsWith('.')
    ? hostname.endsWith(pattern) && hostname.length > pattern.length
    : hostname === pattern;
}

/** Whether an iframe src is an https URL on an approved embed host and path (spec 5 Embedded frames). */
export function isApprovedEmbedUrl(src: string): boolean {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '')
    return false;
  const hostname = url.hostname.toLowerCase();
  return EMBED_HOSTS.some(
    (entry) =>
      entry.hosts.some((pattern) => hostMatches(pattern, hostname)) &&
      (entry.pathPrefixes === undefined ||
        entry.pathPrefixes.some((prefix) => url.pathname.startsWith(prefix))),
  );
}

/** Path of an image uploaded through the editor: a 128-bit capability key (modules/link-previews). */
export const CONTENT_IMAGE_PATH_PREFIX = '/api/rich-text/images/';
const CONTENT_IMAGE_SRC = /^\/api\/rich-text\/images\/[a-f0-9]{32}$/;

/** Whether an <img> src is an image uploaded through the server, never a hot-linked one (spec 7). */
export function isUploadedImageSrc(src: string): boolean {
  return CONTENT_IMAGE_SRC.test(src);
}

const FORBIDDEN_TAGS = new Set<string>(USER_HTML_FORBIDDEN.tags);
const ALLOWED_TAGS = [...RICH_TEXT_ALLOWED_TAGS, 'iframe', 'img'].filter((tag) => !FORBIDDEN_TAGS.has(tag));
// class is never free text: allowedClasses below keeps only the editor's own values, by exact match.
const TEXT_ATTRIBUTES = RICH_TEXT_ALLOWED_ATTRIBUTES.filter(
  (name) => name !== 'class' && !(USER_HTML_FORBIDDEN.attributes as readonly string[]).includes(name),
);

/** The sandbox every kept frame gets: players and forms work, the frame cannot navigate this page. */
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-forms allow-presentation';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': [...TEXT_ATTRIBUTES],
    // sandbox is always overwritten by the transform below.
    iframe: ['src', 'width', 'height', 'title', 'allowfullscreen', 'sandbox'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedClasses: Object.fromEntries(
    Object.entries(RICH_TEXT_ALLOWED_CLASSES).map(([tag, values]) => [tag, [...values]]),
  ),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { iframe: ['https'], img: [] },
  allowProtocolRelative: false,
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  // Text inside removed script-like elements is dropped, not shown.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'template',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
    'iframe',
  ],
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    // A link opening a new tab must not hand the opener to the target page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
    iframe: (tagName, attribs) => ({ tagName, attribs: { ...attribs, sandbox: FRAME_SANDBOX } }),
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'iframe') return !isApprovedEmbedUrl(frame.attribs.src ?? '');
    if (frame.tag === 'img') return !isUploadedImageSrc(frame.attribs.src ?? '');
    return false;
  },
};

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/**
 * User rich text reduced to the spec 5 allowlist: the tags a, b, strong, u, s, i, em, p, br, ul, ol,
 * li, span, div with href, rel, target and class (only the editor's own class values); iframes only for EMBED_HOSTS; images only when
 * uploaded through the server. Form and input tags and the action attribute never survive.
 */
export function sanitizeRichText(html: string): string {
  // Mis-nested input (a <p> inside a <p>) re-parses differently; passes repeat until the markup is a
  // fixed point, so what is stored reads back exactly as it was checked.
  let clean = sanitizeHtml(html, OPTIONS).trim();
  for (let pass = 0; pass < 4; pass += 1) {
    const again = sanitizeHtml(clean, OPTIONS).trim();
    if (again === clean) return clean;
    clean = again;
  }
  return clean;
}

/** The words of sanitised HTML without markup: previews, search and the "is it empty" check. */
export function richTextToPlain(html: string): string {
  const spaced = html.replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|nbsp|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether sanitised HTML carries anything to show: words, an image or an embed. */
export function hasRichTextContent(html: string): boolean {
  return richTextToPlain(html) !== '' || /<(img|iframe)\b/i.test(html);
}

const MENTION_LINK = /<a\b[^>]*\bclass="[^"]*\bmention\b[^"]*"[^>]*>/gi;
const PROFILE_HREF = /\bhref="\/profile\/([^/"?#]+)\/?"/i;

/**
 * Identifiers of the people mentioned in sanitised HTML. The editor writes a mention as
 * `<a class="mention" href="/profile/{identifier}/">@Name</a>`, which stays inside the allowlist.
 */
export function extractMentionIdentifiers(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(MENTION_LINK) ?? []) {
    const identifier = PROFILE_HREF.exec(tag)?.[1];
    if (identifier) {
      try {
        found.add(decodeURIComponent(identifier));
      } catch {
        found.add(identifier);
      }
    }
  }
  return [...found];
}
