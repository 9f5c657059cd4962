import {
  HOME_ENDPOINTS,
  HOME_FIRST_ITEMS,
  webPaths,
  type TElListName,
  type THomeItem,
  type THomeSection,
} from '@commons/contract';
import {
  experimentVariant,
  HOME_SECTION_LIMIT,
  HOME_TAB_LABELS,
  HOME_TABS,
  postQuestionTitle,
  type THomeSectionKey,
  type THomeTab,
  type TJobFlow,
} from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { tenantRoute } from '../../plugins/route.js';
import type { TAppDeps } from '../../app-deps.js';
import type { THubReadCache, THubScope } from '../../lib/hub-read-cache.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { accessibleGroupIds } from '../content/content.policy.js';
import { getHubSettings, getHubSettingsAndUserTypes } from '../hubs/hubs.queries.js';
import { homeGivingBanners } from '../giving/giving.presenter.js';
import { elListPage } from '../experiential-learning/experiential-learning.lists.js';
import { listInterests } from '../experiential-learning/experiential-learning.queries.js';
import { hiddenFlowsOf, requireJobsReader } from '../jobs/jobs.policy.js';
import { getJobSettings } from '../jobs/jobs.queries.js';
import { careerPathHomeLoaders } from '../career-paths/career-paths.home.js';
import { areCareerPathsShown } from '../career-paths/career-paths.policy.js';
import { activeCatalogue } from '../career-paths/career-paths.queries.js';
import { updateHomeLayout, updateHomeWidget } from './home.commands.js';
import { profileCustomFields } from '../profile-fields/profile-fields.commands.js';
import { listHubProfileFields } from '../profile-fields/profile-fields.queries.js';
import {
  arrangedSections,
  homeLayoutOf,
  homeViewer,
  homeWidgetOf,
  missingProfileFields,
  requireHomeLayoutManager,
  requireHomeReader,
  secondaryActionsFor,
  type THomeViewer,
} from './home.policy.js';
import {
  askAnythingBanner,
  bannerSection,
  feedSection,
  heroSectionOf,
  itemsSection,
  presentActionItem,
  presentAnswerItem,
  presentEventItem,
  presentOpportunityItem,
  presentPostSummaryItem,
  presentPersonItem,
  presentQuestionItem,
  presentResourceItem,
  staticLinksOf,
  widgetSection,
} from './home.presenter.js';
import {
  hasFeedActivity,
  hubResourceLists,
  profileListsPresence,
  hubOpportunities,
  hubRecentQuestions,
  hubUpcomingEvents,
  recommendedAnswers,
  recommendedPeople,
} from './home.queries.js';

type TSectionLoader = (ctx: TRequestContext) => Promise<THomeSection | null>;

/**
 * How each section with data today is filled: one short query at most (the people recommendation is the
 * directory's similar-matches read; the hero, widget, links and actions come from the settings and the
 * request context). Sections of features that do not exist yet have no loader and are left out.
 */
function sectionLoaders(options: {
  cache: THubReadCache;
  viewer: THomeViewer;
  settings: Awaited<ReturnType<typeof getHubSettingsAndUserTypes>>['settings'];
  /** The viewer's quick actions (secondaryActionsFor). */
  actions: THomeItem[];
}): Partial<Record<THomeSectionKey, TSectionLoader>> {
  const { cache, viewer, settings, actions } = options;
  // A read that is the same for every member of the hub, kept a short while (lib/hub-read-cache).
  const hubWide = <T>(ctx: TRequestContext, key: string, load: (scope: THubScope) => Promise<T>) => {
    const scope = { clusterId: ctx.clusterId, hubId: ctx.requireHub().id };
    return cache.read(scope, `home:${key}`, () => load(scope));
  };
  const askTitle = postQuestionTitle({ isV2: viewer.version === 'home-v2' });
  const ask: TSectionLoader | undefined = viewer.isApproved
    ? () => Promise.resolve(bannerSection('askAnythingBanner', askAnythingBanner(askTitle)))
    : undefined;
  // spec 6 homepage-hero-section: the hub's variant decides single or multi card.
  const hero = heroSectionOf(
    settings,
    experimentVariant({ moduleSettings: settings.moduleSettings, name: 'homepage-hero-section' }),
  );
  // The giving banners lead to the in-app giving form (issue #18 item 6, modules/giving); null leaves one out.
  const givingBanner =
    (key: 'donationBanner' | 'giveCampusBanner'): TSectionLoader =>
    (ctx) => {
      const banner = homeGivingBanners({ settings, hub: ctx.requireHub() })[key];
      return Promise.resolve(banner && bannerSection(key, banner));
    };
  const widget = widgetSection(homeWidgetOf(settings));
  // The resources widget and the video recommendation share one read (hubResourceLists). Hub-wide items are kept
  // presented: presenting them on every visit was a tenth of the home's server time (issue #18 benchmark).
  const resourceLists = (ctx: TRequestContext) =>
    hubWide(ctx, 'resourceLists', async (scope) => {
      const lists = await hubResourceLists(ctx.tx, scope);
      return { latest: lists.latest.map(presentResourceItem), videos: lists.videos.map(presentResourceItem) };
    });
  return {
    ...(hero ? { heroBanner: () => Promise.resolve(hero) } : {}),
    ...(widget ? { customizableWidget: () => Promise.resolve(widget) } : {}),
    ...(actions.length > 0
      ? {
          secondaryActions: () =>
            Promise.resolve(itemsSection({ key: 'secondaryActions', kind: 'actions', items: actions })),
        }
      : {}),
    editableStandardData: async (ctx) => {
      const lists = await profileListsPresence(ctx.tx, {
        clusterId: ctx.clusterId,
        userId: ctx.requireViewer().user.id,
      });
      // The hub's custom fields asked of the viewer count for additionalInfo as on the profile (issue #22 item 1).
      const customFields = ctx.membership
        ? (
            await profileCustomFields(ctx, {
              hubId: ctx.membership.hubId,
              userId: ctx.requireViewer().user.id,
              userTypeId: ctx.membership.userTypeId,
              isOwner: true,
              loadHubFields: () =>
                hubWide(ctx, 'profileFields', (scope) => listHubProfileFields(ctx.tx, scope.hubId)),
            })
          ).health
        : [];
      return itemsSection({
        key: 'editableStandardData',
        kind: 'actions',
        items: missingProfileFields(ctx, { ...lists, customFields }).map(presentActionItem),
      });
    },
    recommendedAnswers: async (ctx) =>
      itemsSection({
        key: 'recommendedAnswers',
        items: await hubWide(ctx, 'recommendedAnswers', async (scope) =>
          (await recommendedAnswers(ctx.tx, scope)).map(presentAnswerItem),
        ),
        moreHref: '/discussion',
      }),
    videoRecommendation: async (ctx) =>
      itemsSection({
        key: 'videoRecommendation',
        items: (await resourceLists(ctx)).videos,
        moreHref: '/resources',
      }),
    ...(viewer.isAskedToGive
      ? { donationBanner: givingBanner('donationBanner'), giveCampusBanner: givingBanner('giveCampusBanner') }
      : {}),
    ...(ask
      ? {
          askAnythingBanner: ask,
          askAnythingWidget: async (ctx) => {
            const section = await ask(ctx);
            return section && { ...section, key: 'askAnythingWidget' };
          },
        }
      : {}),
    discussionModule: async (ctx) =>
      itemsSection({
        key: 'discussionModule',
        items: await hubWide(ctx, 'recentQuestions', async (scope) =>
          (await hubRecentQuestions(ctx.tx, scope)).map(presentQuestionItem),
        ),
        moreHref: '/discussion',
      }),
    eventsWidget: async (ctx) =>
      itemsSection({
        key: 'eventsWidget',
        items: await hubWide(ctx, 'upcomingEvents', async (scope) =>
          (await hubUpcomingEvents(ctx.tx, { ...scope, now: ctx.now })).map(presentEventItem),
        ),
        moreHref: '/events',
      }),
    opportunities: async (ctx) => {
      const hub = ctx.requireHub();
      const userTypeId = ctx.membership?.userTypeId ?? null;
      // Listed posts follow the viewer's user type (the posts' audience): kept per hub and user type.
      const posts = await hubWide(ctx, `opportunities:${userTypeId ?? 'none'}`, (scope) =>
        hubOpportunities(ctx.tx, { ...scope, userTypeId, now: ctx.now }),
      );
      return itemsSection({
        key: 'opportunities',
        items: posts.map((post) => presentOpportunityItem(hub.identifier, post)),
        moreHref: webPaths.hub.jobs(hub.identifier),
      });
    },
    ...experientialLearningLoaders(),
    // Liked and recommended careers and the alumni of the viewer's career paths (issue #20 item 2).
    ...(areCareerPathsShown(settings)
      ? careerPathHomeLoaders({
          catalogue: (ctx) =>
            hubWide(ctx, 'careerPaths', (scope) => activeCatalogue(ctx.tx, { clusterId: scope.clusterId })),
          itemsSection,
        })
      : {}),
    resourcesWidget: async (ctx) =>
      itemsSection({
        key: 'resourcesWidget',
        items: (await resourceLists(ctx)).latest,
        moreHref: '/resources',
      }),
    ...(viewer.isApproved
      ? {
          peopleRecommendation: async (ctx: TRequestContext) =>
            itemsSection({
              key: 'peopleRecommendation',
              kind: 'people',
              items: (
                await recommendedPeople(ctx.tx, {
                  hubId: ctx.requireHub().id,
                  userId: ctx.requireViewer().user.id,
                })
              ).map(presentPersonItem),
              moreHref: webPaths.hub.network(ctx.requireHub().identifier),
            }),
        }
      : {}),
    staticLinkBlocks: () =>
      Promise.resolve(
        itemsSection({ key: 'staticLinkBlocks', kind: 'links', items: staticLinksOf(settings) }),
      ),
    userActivities: async (ctx) => {
      // Hub-level activity (a member joining is one) is the same for everyone; only a hub without any
      // needs the viewer's groups.
      const hasHubActivity = await hubWide(ctx, 'hubActivity', (scope) =>
        hasFeedActivity(ctx.tx, { ...scope, groupId: null, groupIds: [] }),
      );
      if (hasHubActivity) return feedSection();
      const groupIds = await accessibleGroupIds(ctx);
      if (groupIds !== 'all' && groupIds.length === 0) return null;
      const hasActivity = await hasFeedActivity(ctx.tx, {
        clusterId: ctx.clusterId,
        hubId: ctx.requireHub().id,
        groupId: null,
        groupIds,
      });
      return hasActivity ? feedSection() : null;
    },
  };
}

/** The home section of each experiential-learning list (spec 2 ElOnly tab), the board's own lists. */
const EL_SECTION_LISTS = {
  elRecommendedOpportunities: 'recommended',
  elRecentOpportunities: 'recent',
  elNearbyOpportunities: 'nearby',
  elSavedOpportunities: 'saved',
  elAppliedOpportunities: 'applied',
} as const satisfies Partial<Record<THomeSectionKey, TElListName>>;

/**
 * The experiential-learning sections (issue #18 item 2, issue #19 item 5): each of the viewer's lists as
 * modules/experiential-learning pages it (a few items, more on the page), and "Add interests" while the
 * viewer has chosen none, opening the page's interests dialog (showInterests=true).
 */
function experientialLearningLoaders(): Partial<Record<THomeSectionKey, TSectionLoader>> {
  let hiddenFlows: Promise<TJobFlow[]> | null = null;
  const flowsOf = (ctx: TRequestContext) =>
    (hiddenFlows ??= getJobSettings(ctx.tx, ctx.requireHub().id).then(hiddenFlowsOf));
  const loaders: Partial<Record<THomeSectionKey, TSectionLoader>> = {
    elAddInterests: async (ctx) => {
      const hub = ctx.requireHub();
      const interests = await listInterests(ctx.tx, { userId: ctx.requireViewer().user.id, hubId: hub.id });
      if (interests.length > 0) return null;
      return bannerSection('elAddInterests', {
        title: 'Add your interests',
        description: 'Choose the industries, job functions and kinds of opportunity you want to hear about.',
        imageUrl: null,
        linkLabel: 'Add interests',
        href: `${webPaths.hub.experientialLearning(hub.identifier)}?showInterests=true`,
        isExternal: false,
      });
    },
  };
  for (const [key, list] of Object.entries(EL_SECTION_LISTS) as Array<[THomeSectionKey, TElListName]>) {
    loaders[key] = async (ctx) => {
      const hub = ctx.requireHub();
      const page = await elListPage(ctx, {
        list,
        viewer: requireJobsReader(ctx),
        hiddenFlows: await flowsOf(ctx),
        limit: EL_HOME_LIST_SIZE,
      });
      return itemsSection({
        key,
        items: page.items.map((post) => presentPostSummaryItem(hub.identifier, post)),
        moreHref: webPaths.hub.experientialLearning(hub.identifier),
      });
    };
  }
  return loaders;
}

/** Items an experiential-learning section shows on the home; the page has the rest. */
const EL_HOME_LIST_SIZE = 6;

/** GET /api/home: the personalised hub home in one request (issue #18 items 1, 3 and 7). */
export const homeRoutes =
  (deps: Pick<TAppDeps, 'hubReadCache'>): FastifyPluginAsync =>
  async (app) => {
    /** The viewer's tab (the asked one when offered to them) and the keys of its sections that may show. */
    const homeTab = async (ctx: TRequestContext, asked: THomeTab | undefined) => {
      requireHomeReader(ctx);
      const hub = ctx.requireHub();
      const { settings } = await getHubSettingsAndUserTypes(ctx.tx, hub.id);
      const viewer = homeViewer(ctx, settings);
      const tab = asked !== undefined && viewer.tabs.includes(asked) ? asked : viewer.tabs[0];
      if (tab === undefined) throw new Error('homeTabsFor answered no tab');
      const loaders = sectionLoaders({
        cache: deps.hubReadCache,
        viewer,
        settings,
        actions: secondaryActionsFor(ctx, { viewer, settings }).map(presentActionItem),
      });
      // spec 2 section order per tab, as the hub admins arranged it (issue #18 item 3).
      const keys = arrangedSections({ tab, layout: homeLayoutOf(settings)[tab] })
        .filter((s) => !s.isHidden && loaders[s.key] !== undefined && viewer.isModuleOpen(s.key))
        .map((s) => s.key)
        .slice(0, HOME_SECTION_LIMIT);
      return { viewer, tab, keys, loaders };
    };

    tenantRoute(app, HOME_ENDPOINTS.get, async (ctx, { query }) => {
      const { viewer, tab, keys, loaders } = await homeTab(ctx, query.tab);
      const sections: THomeSection[] = [];
      // One transaction, one connection: the sections load one after another (db/in-series.ts).
      for (const key of keys) {
        const section = await loaders[key]?.(ctx);
        // The first items only: "Show all" reads the rest from HOME_ENDPOINTS.section.
        if (section) sections.push({ ...section, items: section.items.slice(0, HOME_FIRST_ITEMS) });
      }
      return {
        version: viewer.version,
        tabs: viewer.tabs.map((key) => ({ key, label: HOME_TAB_LABELS[key] })),
        tab,
        sections: sections.slice(0, HOME_SECTION_LIMIT),
        can: { arrange: ctx.hasRight('branding-settings') },
      };
    });

    tenantRoute(app, HOME_ENDPOINTS.section, async (ctx, { params, query }) => {
      const { keys, loaders } = await homeTab(ctx, query.tab);
      const section = keys.includes(params.key) ? await loaders[params.key]?.(ctx) : null;
      if (!section) throw notFound('Home section');
      return section;
    });

    const presentLayout = async (ctx: TRequestContext) => {
      const layout = homeLayoutOf(await getHubSettings(ctx.tx, ctx.requireHub().id));
      return {
        tabs: HOME_TABS.map((key) => ({
          key,
          label: HOME_TAB_LABELS[key],
          sections: arrangedSections({ tab: key, layout: layout[key] }),
        })),
      };
    };

    tenantRoute(app, HOME_ENDPOINTS.layout, async (ctx) => {
      requireHomeLayoutManager(ctx);
      return presentLayout(ctx);
    });

    tenantRoute(app, HOME_ENDPOINTS.widget, async (ctx) => {
      requireHomeLayoutManager(ctx);
      return { widget: homeWidgetOf(await getHubSettings(ctx.tx, ctx.requireHub().id)) };
    });

    tenantRoute(app, HOME_ENDPOINTS.updateWidget, async (ctx, { body }) => {
      requireHomeLayoutManager(ctx);
      return { widget: await updateHomeWidget(ctx, body.widget) };
    });

    tenantRoute(app, HOME_ENDPOINTS.updateLayout, async (ctx, { body }) => {
      requireHomeLayoutManager(ctx);
      await updateHomeLayout(ctx, body);
      return presentLayout(ctx);
    });
  };
