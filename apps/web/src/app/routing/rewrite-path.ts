/**
 * URL rewrites of spec 2 'Rewrites' as INTERPRETATION.md 'URLs' reads them: old and `-v2` links open
 * the canonical page, and the address bar shows the canonical form.
 */

/** Segments whose `-v2` form is its own page and is never stripped (spec 2 routes, INTERPRETATION.md). */
const KEPT_V2_SEGMENTS = new Set(['login-v2', 'home-v2', 'callback-v2', 'linkedin-redirect-v2']);

/** Static route segments whose `-v2` form is the same page (resources-v2, events-v2, discussion-v2, …). */
const V2_ALIASED_SEGMENTS = new Set([
  'resources',
  'events',
  'discussion',
  'manage-group',
  'manage-program',
  'site-admin',
  'groups',
  'programs',
  'organizations',
  'inbox',
  'profile',
  'advising',
  'person',
  'career-paths',
  'pathways',
  'experiential-learning',
  'about',
  'members',
  'mentors',
  'admin',
  'feed',
]);

/** First segments with a group-like page whose third segment is a tab (spec 2 Group pages). */
const GROUP_LIKE_SEGMENTS = new Set(['groups', 'programs', 'organizations']);

/** Old singular first segments and their plural canonical form (spec 2: '/program/' and '/group/'). */
const SINGULAR_TO_PLURAL: Readonly<Record<string, string>> = { program: 'programs', group: 'groups' };

function stripV2(segment: string): string {
  if (KEPT_V2_SEGMENTS.has(segment) || !segment.endsWith('-v2')) return segment;
  const base = segment.slice(0, -'-v2'.length);
  return V2_ALIASED_SEGMENTS.has(base) ? base : segment;
}

function rewriteSegments(segments: readonly string[]): string[] {
  const [first, ...rest] = segments;
  if (first === undefined) return [];
  // spec 2: advisers becomes advising/people.
  if (first === 'advisers') return ['advising', 'people', ...rest];
  // spec 2: the network link's 'people' becomes 'person'.
  if (first === 'people') return ['person', ...rest];
  const plural = SINGULAR_TO_PLURAL[first];
  const head = stripV2(plural ?? first);
  const tail = rest.map(stripV2);
  // spec 2 Group pages: the events tab's path segment is 'event' or 'events-v2'; canonical 'events'.
  if (GROUP_LIKE_SEGMENTS.has(head) && tail[1] === 'event') tail[1] = 'events';
  return [head, ...tail];
}

/**
 * The canonical pathname for a requested one (spec 2 Rewrites): /advisers → /advising/people,
 * /resources-v2/… → /resources/…, /events-v2/… → /events/…, /discussion-v2/… → /discussion/…,
 * /program/… and /group/… → plural, other `-v2` route segments stripped (login-v2, home-v2 and
 * the linkedin callbacks are pages of their own), the network's 'people' → 'person'. Works the
 * same under a /hub/{identifier} prefix. Returns the input unchanged when nothing applies.
 */
export function rewritePath(pathname: string): string {
  const hasTrailingSlash = pathname.length > 1 && pathname.endsWith('/');
  const parts = pathname.split('/').filter((part) => part !== '');
  const isHubPath = parts[0] === 'hub' && parts[1] !== undefined;
  const prefix = isHubPath ? parts.slice(0, 2) : [];
  const rewritten = [...prefix, ...rewriteSegments(isHubPath ? parts.slice(2) : parts)];
  const result = `/${rewritten.join('/')}${hasTrailingSlash && rewritten.length > 0 ? '/' : ''}`;
  const unchanged = `/${parts.join('/')}${hasTrailingSlash && parts.length > 0 ? '/' : ''}`;
  return result === unchanged ? pathname : result;
}
