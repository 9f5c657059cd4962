/**
 * Pure rules of the resources pages (issue #7 item 3): type labels, the draft checks the server also
 * makes (so the form answers before a round trip), the create/update bodies, video embeds on the
 * approved hosts, open-graph text (spec 9) and file sizes.
 */
import {
  ZCreateResourceRequest,
  type TCreateResourceRequest,
  type TLinkPreview,
  type TResourceType,
  type TUpdateResourceRequest,
} from '@commons/contract';
import { ogDescription, ogTitle } from '@commons/domain';

/** Labels of the resource types. */
export const RESOURCE_TYPE_LABELS: Readonly<Record<TResourceType, string>> = {
  article: 'Article',
  link: 'Link',
  file: 'File',
  video: 'Video',
};

/** What the create or edit form holds. */
export interface TResourceDraft {
  typeName: TResourceType;
  title: string;
  body: string;
  url: string;
  category: string;
  location: string;
  attachmentIds: string[];
}

/** An empty draft of a type. */
export function emptyDraft(typeName: TResourceType = 'article'): TResourceDraft {
  return { typeName, title: '', body: '', url: '', category: '', location: '', attachmentIds: [] };
}

/** Whether a type needs a web address (a link or a video). */
export function needsUrl(typeName: TResourceType): boolean {
  return typeName === 'link' || typeName === 'video';
}

/** Whether text is an http(s) address the server would accept (spec 5 URL rule, before its DNS checks). */
export function isHttpUrl(text: string): boolean {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return false;
  try {
    return new URL(trimmed).hostname !== '';
  } catch {
    return false;
  }
}

/** Whether rich text holds something besides empty paragraphs and spaces. */
function hasText(html: string): boolean {
  return /<(img|iframe)\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

/**
 * The draft's problems by field, with the server's messages: the contract's request schema (a title of
 * 3 characters or more, the lengths), then the type's rules of resources.commands.ts (the link of a link
 * or video, a file for a file, the text of an article). Listings word the title and text for a company.
 */
export function draftErrors(draft: TResourceDraft, options: { isListing: boolean }): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = ZCreateResourceRequest.safeParse(
    createRequest(draft, { isListing: options.isListing, groupId: null }),
  );
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  if (options.isListing && errors.title === 'Please give it a title.')
    errors.title = 'Please give the company name.';
  const url = draft.url.trim();
  if (needsUrl(draft.typeName) && url === '') errors.url = 'Please add the link.';
  else if (url !== '' && !isHttpUrl(url))
    errors.url = 'Enter a web address starting with http:// or https://.';
  if (draft.typeName === 'file' && draft.attachmentIds.length === 0)
    errors.attachmentIds = 'Please attach a file.';
  if (draft.typeName === 'article' && !hasText(draft.body))
    errors.body = options.isListing ? 'Please describe the company.' : 'Please write the article.';
  return errors;
}

/**
 * The type a business directory listing is stored as: a link when it names a website, else an
 * article (its description).
 */
export function listingType(draft: Pick<TResourceDraft, 'url'>): TResourceType {
  return draft.url.trim() === '' ? 'article' : 'link';
}

/** POST /api/resources body of a draft, in a group when groupId is set. */
export function createRequest(
  draft: TResourceDraft,
  options: { isListing: boolean; groupId: string | null },
): TCreateResourceRequest {
  const present = (key: 'url' | 'category' | 'location') =>
    draft[key].trim() === '' ? {} : { [key]: draft[key].trim() };
  return {
    typeName: draft.typeName,
    title: draft.title.trim(),
    body: draft.body,
    ...present('url'),
    ...present('category'),
    ...present('location'),
    isBusinessDirectory: options.isListing,
    ...(options.groupId === null ? {} : { groupId: options.groupId }),
    attachmentIds: draft.typeName === 'file' || options.isListing ? draft.attachmentIds : [],
  };
}

/** PATCH /api/resources/{slug} body of an edited draft: every field, blanks cleared with null. */
export function updateRequest(draft: TResourceDraft): TUpdateResourceRequest {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    typeName: draft.typeName,
    title: draft.title.trim(),
    body: draft.body,
    url: orNull(draft.url),
    category: orNull(draft.category),
    location: orNull(draft.location),
    attachmentIds: draft.attachmentIds,
  };
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The embed address of a video link on an approved host (spec 5 Embedded frames; the server's
 * EMBED_HOSTS and CSP frame-src): YouTube as youtube-nocookie /embed/{id}, Vimeo as
 * player.vimeo.com/video/{id}; null for anything else, which is then shown as a plain link.
 */
export function videoEmbedUrl(url: string | null): string | null {
  if (url === null || !isHttpUrl(url)) return null;
  const parsed = new URL(url.trim());
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const segments = parsed.pathname.split('/').filter((part) => part !== '');
  let youtubeId: string | null = null;
  if (host === 'youtu.be') youtubeId = segments[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (segments[0] === 'watch') youtubeId = parsed.searchParams.get('v');
    else if (segments[0] === 'embed' || segments[0] === 'shorts' || segments[0] === 'live')
      youtubeId = segments[1] ?? null;
  }
  if (youtubeId !== null)
    return YOUTUBE_ID.test(youtubeId) ? `https://www.youtube-nocookie.com/embed/${youtubeId}` : null;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = host === 'vimeo.com' ? segments[0] : segments[0] === 'video' ? segments[1] : undefined;
    return id !== undefined && /^\d{1,12}$/.test(id) ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}

/** A link preview's text as shown: title ≤ 80 and description ≤ 200 characters (spec 9), the host as fallback title. */
export function previewText(preview: TLinkPreview): { title: string; description: string; site: string } {
  let host = preview.url;
  try {
    host = new URL(preview.url).hostname.replace(/^www\./, '');
  } catch {
    // keep the address as it is
  }
  const title = ogTitle(preview.title);
  return {
    title: title === '' ? host : title,
    description: ogDescription(preview.description),
    site: preview.siteName?.trim() || host,
  };
}

/** A file size for people: '512 bytes', '12 KB', '3.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
