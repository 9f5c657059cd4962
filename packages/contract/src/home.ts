import { HOME_SECTION_KEYS, HOME_TABS } from '@commons/domain';
import { z } from 'zod';
import { ZIsoDateTime } from './common.js';
import { defineEndpoint } from './endpoint.js';

export const ZHomeTab = z.enum(HOME_TABS);
export const ZHomeSectionKey = z.enum(HOME_SECTION_KEYS);

/** Home page versions of spec 2 Home version choice. */
export const ZHomeVersion = z.enum(['job-list', 'home-v3', 'home-v2', 'home']);

/** At most this many items in one home section (spec 9 Home: the section limit is 30). */
export const HOME_SECTION_ITEM_LIMIT = 30;

export const ZHomeQuery = z.object({
  /** The tab to fill; the viewer's first tab when left out or not offered to them. */
  tab: ZHomeTab.optional(),
});

/** One thing a section lists: a question, event, resource, person or link, with where it leads. */
export const ZHomeItem = z.object({
  id: z.string(),
  title: z.string(),
  /** A short plain-text line under the title (excerpt, headline, why this person). */
  description: z.string().nullable(),
  /** Web path of the item (the SPA's route) or, for static links, an absolute http(s) URL. */
  href: z.string(),
  isExternal: z.boolean(),
  imageUrl: z.string().nullable(),
  /** Start of an event, creation of a post. */
  at: ZIsoDateTime.nullable(),
});
export type THomeItem = z.infer<typeof ZHomeItem>;

/** A banner section (hero, ask anything): a title, a line of text and one call to action. */
export const ZHomeBanner = z.object({
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  linkLabel: z.string().nullable(),
  href: z.string().nullable(),
  isExternal: z.boolean(),
});
export type THomeBanner = z.infer<typeof ZHomeBanner>;

/**
 * One section of a home tab. `items` sections list up to 30 items (never none: an empty section is left
 * out); `banner` sections carry one banner; `feed` is the hub's activity feed, which the web loads itself
 * from GET /api/feed (it has at least one entry when the section is present).
 */
export const ZHomeSection = z.object({
  key: ZHomeSectionKey,
  title: z.string(),
  kind: z.enum(['items', 'people', 'banner', 'links', 'feed']),
  items: z.array(ZHomeItem),
  banner: ZHomeBanner.nullable(),
  /** Where "see all" leads (web path), when the section has a page of its own. */
  moreHref: z.string().nullable(),
});
export type THomeSection = z.infer<typeof ZHomeSection>;

export const ZHomeResponse = z.object({
  version: ZHomeVersion,
  /** The viewer's tabs in archetype order (spec 9), with their labels (spec 2). */
  tabs: z.array(z.object({ key: ZHomeTab, label: z.string() })),
  /** The tab the sections belong to. */
  tab: ZHomeTab,
  /** The tab's sections in its order, only those with something to show. */
  sections: z.array(ZHomeSection),
  /** Whether the viewer may reorder and hide the sections of the tabs (hub admins with branding-settings). */
  can: z.object({ arrange: z.boolean() }),
});
export type THomeResponse = z.infer<typeof ZHomeResponse>;

/**
 * Hub settings the home reads from `moduleSettings` (spec 3 Hub settings): the hero banner and the static
 * link blocks an admin set up. Parsed leniently: a malformed value leaves its section out.
 */
export const ZHomeHeroBannerSetting = z.object({
  title: z.string().min(1).max(200),
  description: z.string().max(1000).default(''),
  imageUrl: z.string().url().nullable().default(null),
  linkLabel: z.string().max(100).nullable().default(null),
  linkUrl: z.string().nullable().default(null),
});
export const ZHomeStaticLinkSetting = z.object({
  title: z.string().min(1).max(200),
  url: z.string().min(1).max(2000),
  description: z.string().max(500).nullable().default(null),
});
export const ZHomeStaticLinksSetting = z.array(ZHomeStaticLinkSetting).max(100);

/** One tab's arrangement by a hub admin: its sections in order, some hidden (issue #18 item 3). */
export const ZHomeTabLayout = z.object({
  order: z.array(ZHomeSectionKey).max(HOME_SECTION_KEYS.length),
  hidden: z.array(ZHomeSectionKey).max(HOME_SECTION_KEYS.length),
});
export type THomeTabLayout = z.infer<typeof ZHomeTabLayout>;
/** The admins' arrangement of every tab they changed, stored as hub moduleSettings.homeLayout. */
export const ZHomeLayoutSetting = z.record(z.string(), ZHomeTabLayout);

export const ZHomeLayoutResponse = z.object({
  tabs: z.array(
    z.object({
      key: ZHomeTab,
      label: z.string(),
      /** Every section of the tab in the hub's order, whether it has data today or not. */
      sections: z.array(z.object({ key: ZHomeSectionKey, isHidden: z.boolean() })),
    }),
  ),
});
export type THomeLayoutResponse = z.infer<typeof ZHomeLayoutResponse>;

export const ZUpdateHomeLayoutRequest = z.object({
  tab: ZHomeTab,
  /** The tab's sections in the new order: each section of the tab exactly once. */
  sections: z
    .array(z.object({ key: ZHomeSectionKey, isHidden: z.boolean() }))
    .min(1)
    .max(HOME_SECTION_KEYS.length),
});
export type TUpdateHomeLayoutRequest = z.infer<typeof ZUpdateHomeLayoutRequest>;

/** Home endpoints (issue #18). */
export const HOME_ENDPOINTS = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/home',
    operationId: 'getHome',
    summary: 'The viewer’s personalised hub home: version, tabs in archetype order and one tab’s sections',
    description:
      'Version by spec 2 Home version choice for the viewer’s user type and hub; sections in the tab’s order, ' +
      'each with at most 30 items, sections with nothing to show left out.',
    tag: 'hubs',
    query: ZHomeQuery,
    response: ZHomeResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  layout: defineEndpoint({
    method: 'GET',
    path: '/api/home/layout',
    operationId: 'getHomeLayout',
    summary:
      'Every home tab’s sections in the hub’s order with the hidden ones (hub admins with branding-settings)',
    tag: 'hubs',
    response: ZHomeLayoutResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  updateLayout: defineEndpoint({
    method: 'PUT',
    path: '/api/home/layout',
    operationId: 'updateHomeLayout',
    summary: 'Reorder and hide the sections of one home tab (hub admins with branding-settings)',
    tag: 'hubs',
    body: ZUpdateHomeLayoutRequest,
    response: ZHomeLayoutResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
};
