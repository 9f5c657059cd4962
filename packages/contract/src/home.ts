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

/**
 * Items of a section the home answer carries, the ones shown before "Show all"; the rest (up to 30) come from
 * GET /api/home/sections/{key} when asked for, which keeps the home's answer small (issue #17 home p99).
 */
export const HOME_FIRST_ITEMS = 6;

export const ZHomeQuery = z.object({
  /** The tab to fill; the viewer's first tab when left out or not offered to them. */
  tab: ZHomeTab.optional(),
});

export const ZHomeSectionParams = z.object({ key: ZHomeSectionKey });

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
 * out); `banner` sections carry one banner and `cards` sections several (the multi-card hero of spec 6
 * homepage-hero-section); `actions` sections list things the viewer can do now (secondary actions, profile
 * fields to fill in), each item a link; `html` is the hub's customizable widget, HTML the server sanitised
 * with the spec 5 rich-text and frame rules; `feed` is the hub's activity feed, which the web loads itself
 * from GET /api/feed (it has at least one entry when the section is present).
 */
export const ZHomeSection = z.object({
  key: ZHomeSectionKey,
  title: z.string(),
  kind: z.enum(['items', 'people', 'banner', 'cards', 'links', 'actions', 'html', 'feed']),
  /** The first HOME_FIRST_ITEMS items in the home answer; all of them (up to 30) from the section's own read. */
  items: z.array(ZHomeItem),
  /** How many items the section has in all (at most 30): "Show all {itemCount}". */
  itemCount: z.number().int().nonnegative(),
  banner: ZHomeBanner.nullable(),
  /** The cards of a `cards` section, the first one leading. */
  cards: z.array(ZHomeBanner).optional(),
  /** Sanitised HTML of an `html` section (spec 5 Rich text, Embedded frames). */
  html: z.string().optional(),
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
const ZHomeHeroCardSetting = z.object({
  title: z.string().min(1).max(200),
  description: z.string().max(1000).default(''),
  imageUrl: z.string().url().nullable().default(null),
  linkLabel: z.string().max(100).nullable().default(null),
  linkUrl: z.string().nullable().default(null),
});
/**
 * The hero banner; `cards` are the further cards the multi-card variant of spec 6 homepage-hero-section
 * shows beside it (the single-card variant shows the banner alone).
 */
export const ZHomeHeroBannerSetting = ZHomeHeroCardSetting.extend({
  cards: z.array(ZHomeHeroCardSetting).max(3).default([]),
});
export type THomeHeroBannerSetting = z.infer<typeof ZHomeHeroBannerSetting>;
export const ZHomeStaticLinkSetting = z.object({
  title: z.string().min(1).max(200),
  url: z.string().min(1).max(2000),
  description: z.string().max(500).nullable().default(null),
});
export const ZHomeStaticLinksSetting = z.array(ZHomeStaticLinkSetting).max(100);

/** Most characters of the customizable widget's HTML an admin may store. */
export const HOME_WIDGET_HTML_MAX = 20_000;

/**
 * The customizable widget of the hub home (spec 3 Hub settings widget): a heading and admin HTML, stored
 * sanitised by the spec 5 rich-text and embedded-frame rules.
 */
export const ZHomeWidget = z.object({
  title: z.string().trim().min(1).max(200),
  html: z.string().max(HOME_WIDGET_HTML_MAX),
});
export type THomeWidget = z.infer<typeof ZHomeWidget>;

export const ZHomeWidgetResponse = z.object({
  /** The stored widget (its HTML already sanitised), or null when the hub has none. */
  widget: ZHomeWidget.nullable(),
});
export type THomeWidgetResponse = z.infer<typeof ZHomeWidgetResponse>;

/** Saving the widget: its heading and HTML (sanitised on write), or null to remove it. */
export const ZUpdateHomeWidgetRequest = z.object({ widget: ZHomeWidget.nullable() });
export type TUpdateHomeWidgetRequest = z.infer<typeof ZUpdateHomeWidgetRequest>;

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
  section: defineEndpoint({
    method: 'GET',
    path: '/api/home/sections/:key',
    operationId: 'getHomeSection',
    summary: 'One section of the viewer’s home tab with all its items (up to 30): what "Show all" lists',
    description:
      'The same section as in GET /api/home for that tab, with every item instead of the first few; 404 when ' +
      'the tab does not show it to the viewer (hidden, empty, or not theirs).',
    tag: 'hubs',
    params: ZHomeSectionParams,
    query: ZHomeQuery,
    response: ZHomeSection,
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
  widget: defineEndpoint({
    method: 'GET',
    path: '/api/home/widget',
    operationId: 'getHomeWidget',
    summary: 'The hub’s customizable home widget as stored (hub admins with branding-settings)',
    tag: 'hubs',
    response: ZHomeWidgetResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  updateWidget: defineEndpoint({
    method: 'PUT',
    path: '/api/home/widget',
    operationId: 'updateHomeWidget',
    summary: 'Set or remove the hub’s customizable home widget (hub admins with branding-settings)',
    description:
      'The HTML is sanitised before it is stored (spec 5 Rich text and Embedded frames): scripts, event ' +
      'handlers, javascript: links, forms and frames from hosts outside the approved list are removed.',
    tag: 'hubs',
    body: ZUpdateHomeWidgetRequest,
    response: ZHomeWidgetResponse,
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
