import { completeSaveOpportunity } from '../experiential-learning/experiential-learning.commands.js';
import {
  CUSTOM_PROJECT_TEMPLATE_ID,
  JOB_ALERTS_MAX_MESSAGE,
  JOB_ENDPOINTS,
  type TJobPostResponse,
  type TProjectTemplateView,
} from '@commons/contract';
import {
  DEFAULT_PROJECT_DURATION,
  DEFAULT_PROJECT_DURATION_UNIT,
  jobDefaultDates,
  PROJECT_TEMPLATES,
} from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { standardDataLabels } from '../directory/directory.commands.js';
import { loadViewedProfile } from '../profiles/profiles.access.js';
import {
  closeJobPost,
  createJobAlert,
  createJobPost,
  decideJobPost,
  deleteJobAlert,
  requireJobPostRow,
  setJobPostSaved,
  unsubscribeJobAlert,
  updateJobAlert,
  updateJobPost,
  updateJobSettings,
  type TJobPostRow,
} from './jobs.commands.js';
import {
  hiddenFlowsOf,
  postAbilities,
  postDenialOf,
  postEditorOf,
  requireJobApprover,
  requireJobSettingsAdmin,
  requireJobsReader,
  requirePostManager,
  requirePoster,
  requireViewablePost,
  type TPostFacts,
} from './jobs.policy.js';
import {
  postFactsOf,
  presentFacets,
  presentJobAlert,
  presentJobPost,
  presentJobSettings,
  presentJobSummary,
} from './jobs.presenter.js';
import {
  findJobPost,
  getJobSettings,
  listJobAlerts,
  ownerJobPostsPage,
  pendingJobPostsPage,
  recommendedJobPosts,
  savedJobPostsPage,
  searchJobPosts,
  viewerJobMarks,
  type TJobViewer,
} from './jobs.queries.js';

/** The facts of a stored post the policy reads. */
function rowFacts(row: TJobPostRow): TPostFacts {
  return {
    ownerUserId: row.ownerUserId,
    jobFlow: row.jobFlow,
    approvalStatus: row.approvalStatus,
    closedAt: row.closedAt,
    expiresAt: row.expiresAt,
    audience: row.audienceUserTypeIds,
    applicationMethod: row.applicationMethod,
    hasApplied: false,
  };
}

/** A post's page for the viewer: read again after a write, with the viewer's abilities. */
async function postResponse(ctx: TRequestContext, viewer: TJobViewer, id: string): Promise<TJobPostResponse> {
  const row = await findJobPost(ctx.tx, { hubId: ctx.requireHub().id, id, viewerId: viewer.userId });
  if (!row) throw notFound('Post');
  return {
    post: presentJobPost(row, { now: ctx.now, can: postAbilities(ctx, viewer, postFactsOf(row), ctx.now) }),
  };
}

/** The eleven default templates, Legal Advising, Customer Service, then the custom option (spec 3, spec 9). */
function templateViews(): TProjectTemplateView[] {
  return [
    ...PROJECT_TEMPLATES.map((t) => ({ ...t, jobFunctionSlugs: [...t.jobFunctionSlugs] })),
    {
      id: CUSTOM_PROJECT_TEMPLATE_ID,
      role: 'Custom project',
      icon: 'sparkles',
      description: 'Describe your own project.',
      jobDescription: '',
      requirement: '',
      duration: DEFAULT_PROJECT_DURATION,
      durationUnit: DEFAULT_PROJECT_DURATION_UNIT,
      jobFunctionSlugs: [],
      industry: '',
      isCustom: true,
    },
  ];
}

/** The job and project board (issue #19 items 1, 2, 4, 6, 7). */
export function jobRoutes(deps: Pick<TAppDeps, 'mail' | 'config' | 'hubReadCache'>): FastifyPluginAsync {
  return async (app) => {
    tenantRoute(app, JOB_ENDPOINTS.list, async (ctx, { query }) => {
      const viewer = requireJobsReader(ctx);
      if (query.scope === 'all' && !viewer.isAdmin)
        throw forbidden('Only job board admins can list every post.');
      const hub = ctx.requireHub();
      const isAll = query.scope === 'all';
      // One statement reads the page, the facets and the hub's hidden flows (the hot read of issue #19).
      const search = (options: { isAudienceOnly?: boolean } = {}) =>
        searchJobPosts(ctx.tx, {
          hubId: hub.id,
          query,
          viewer,
          now: ctx.now,
          hiddenFlows: isAll ? [] : 'hubSettings',
          isListedOnly: !isAll,
          ...options,
        });
      // A member sees what every member of their user type sees, and an owner their own posts outside it too:
      // the user type's search is shared among them a short while (the hub read cache, forgotten by any write
      // in the hub), and each reads only their own saved and applied marks, in one statement with whether they
      // own a listed post outside their audience (rare: then they search alone). Admins search alone.
      const isShared = !isAll && !viewer.isAdmin;
      let result: Awaited<ReturnType<typeof search>>;
      if (isShared) {
        let isOwnSearch = false;
        const shared = await deps.hubReadCache.read(
          { clusterId: ctx.clusterId, hubId: hub.id },
          `jobs:${viewer.userTypeId ?? 'none'}:${JSON.stringify(query)}`,
          () => {
            isOwnSearch = true;
            return search({ isAudienceOnly: true });
          },
        );
        const isOwner = ctx.requireViewer().user.hasJobPosts;
        // A post leaves the board the moment it expires: a kept page that shows one is searched again.
        const hasExpired = shared.rows.some((r) => new Date(r.expires_at) <= ctx.now);
        if (hasExpired) result = await search();
        else if (isOwnSearch && !isOwner) result = shared;
        else {
          const { marks, ownsPostOutsideAudience } = await viewerJobMarks(ctx.tx, {
            viewerId: viewer.userId,
            ids: isOwnSearch ? [] : shared.rows.map((r) => r.id),
            ...(isOwner ? { ownPosts: { hubId: hub.id, userTypeId: viewer.userTypeId, now: ctx.now } } : {}),
          });
          if (ownsPostOutsideAudience) result = await search();
          else if (isOwnSearch) result = shared;
          else
            result = {
              ...shared,
              rows: shared.rows.map((r) => ({
                ...r,
                ...(marks.get(r.id) ?? { is_saved: false, has_applied: false }),
              })),
            };
        }
      } else {
        result = await search();
      }
      return {
        items: result.rows.map((r) =>
          presentJobSummary(r, { now: ctx.now, editor: postEditorOf(ctx, viewer) }),
        ),
        nextCursor: result.nextCursor,
        total: result.total,
        facets: presentFacets(result.facets),
      };
    });

    tenantRoute(app, JOB_ENDPOINTS.create, async (ctx, { body }) => {
      const viewer = requireJobsReader(ctx);
      const settings = await getJobSettings(ctx.tx, ctx.requireHub().id);
      requirePoster(ctx, settings, body.jobFlow);
      const row = await createJobPost(ctx, { viewer, settings, body });
      return postResponse(ctx, viewer, row.id);
    });

    tenantRoute(app, JOB_ENDPOINTS.templates, async (ctx) => {
      requireJobsReader(ctx);
      const settings = await getJobSettings(ctx.tx, ctx.requireHub().id);
      const dates = jobDefaultDates({
        now: ctx.now,
        timeZone: ctx.requireViewer().user.timezone,
        defaultPostExpirationDays: settings.defaultPostExpirationDays,
      });
      return {
        items: templateViews(),
        defaults: { startDate: dates.startDate, dueDate: dates.dueDate, expiresOn: dates.expiresAt },
      };
    });

    tenantRoute(app, JOB_ENDPOINTS.pending, async (ctx, { query }) => {
      requireJobApprover(ctx);
      const viewer = requireJobsReader(ctx);
      const page = await pendingJobPostsPage(ctx.tx, {
        hubId: ctx.requireHub().id,
        viewerId: viewer.userId,
        ...query,
      });
      return {
        items: page.rows.map((r) =>
          presentJobSummary(r, { now: ctx.now, editor: postEditorOf(ctx, viewer) }),
        ),
        nextCursor: page.nextCursor,
      };
    });

    tenantRoute(app, JOB_ENDPOINTS.saved, async (ctx, { query }) => {
      const viewer = requireJobsReader(ctx);
      const hub = ctx.requireHub();
      const settings = await getJobSettings(ctx.tx, hub.id);
      const page = await savedJobPostsPage(ctx.tx, {
        hubId: hub.id,
        viewer,
        now: ctx.now,
        hiddenFlows: hiddenFlowsOf(settings),
        ...query,
      });
      return {
        items: page.rows.map((r) =>
          presentJobSummary(r, { now: ctx.now, editor: postEditorOf(ctx, viewer) }),
        ),
        nextCursor: page.nextCursor,
      };
    });

    tenantRoute(app, JOB_ENDPOINTS.recommended, async (ctx) => {
      const viewer = requireJobsReader(ctx);
      const hub = ctx.requireHub();
      const { user } = ctx.requireViewer();
      const settings = await getJobSettings(ctx.tx, hub.id);
      const selected = (key: string) => {
        const data = (user.standardData ?? {}) as Record<
          string,
          { selectedOptions?: Array<{ id?: unknown }> }
        >;
        const ids = (data[key]?.selectedOptions ?? []).flatMap((o) =>
          typeof o.id === 'string' ? [o.id] : [],
        );
        return [...ids, ...standardDataLabels(user.standardData, key)];
      };
      const rows = await recommendedJobPosts(ctx.tx, {
        hubId: hub.id,
        viewer,
        now: ctx.now,
        hiddenFlows: hiddenFlowsOf(settings),
        industries: selected('job-industries'),
        jobFunctions: selected('job-functions'),
      });
      return {
        items: rows.map((r) => presentJobSummary(r, { now: ctx.now, editor: postEditorOf(ctx, viewer) })),
      };
    });

    tenantRoute(app, JOB_ENDPOINTS.settings, async (ctx) => {
      requireJobsReader(ctx);
      const settings = await getJobSettings(ctx.tx, ctx.requireHub().id);
      return presentJobSettings(settings, {
        postJob: postDenialOf(ctx, settings, 'job') === null,
        postProject: postDenialOf(ctx, settings, 'project') === null,
        approve: ctx.hasRight('approve-job-posts'),
        editSettings: ctx.hasRight('job-settings'),
      });
    });

    tenantRoute(app, JOB_ENDPOINTS.updateSettings, async (ctx, { body }) => {
      requireJobSettingsAdmin(ctx);
      const settings = await updateJobSettings(ctx, body);
      return presentJobSettings(settings, {
        postJob: postDenialOf(ctx, settings, 'job') === null,
        postProject: postDenialOf(ctx, settings, 'project') === null,
        approve: ctx.hasRight('approve-job-posts'),
        editSettings: true,
      });
    });

    tenantRoute(app, JOB_ENDPOINTS.alerts, async (ctx) => {
      const viewer = requireJobsReader(ctx);
      const rows = await listJobAlerts(ctx.tx, { hubId: ctx.requireHub().id, userId: viewer.userId });
      return { items: rows.map(presentJobAlert) };
    });

    tenantRoute(app, JOB_ENDPOINTS.createAlert, async (ctx, { body }) => {
      const viewer = requireJobsReader(ctx);
      const row = await createJobAlert(ctx, {
        hubId: ctx.requireHub().id,
        userId: viewer.userId,
        body,
        maxMessage: JOB_ALERTS_MAX_MESSAGE,
      });
      return { alert: presentJobAlert(row) };
    });

    tenantRoute(app, JOB_ENDPOINTS.updateAlert, async (ctx, { params, body }) => {
      const viewer = requireJobsReader(ctx);
      const row = await updateJobAlert(ctx, {
        hubId: ctx.requireHub().id,
        userId: viewer.userId,
        alertId: params.alertId,
        body,
      });
      return { alert: presentJobAlert(row) };
    });

    tenantRoute(app, JOB_ENDPOINTS.deleteAlert, async (ctx, { params }) => {
      const viewer = requireJobsReader(ctx);
      await deleteJobAlert(ctx, {
        hubId: ctx.requireHub().id,
        userId: viewer.userId,
        alertId: params.alertId,
      });
      return undefined;
    });

    // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form, so this one route (in its own scope)
    // reads forms; it changes nothing but the alert its unguessable token names.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
      tenantRoute(scope, JOB_ENDPOINTS.unsubscribeAlert, async (ctx, { params }) => {
        if (!(await unsubscribeJobAlert(ctx.tx, params.token))) throw notFound('Job alert');
        return { isUnsubscribed: true as const };
      });
    });

    tenantRoute(app, JOB_ENDPOINTS.get, async (ctx, { params }) => {
      const viewer = requireJobsReader(ctx);
      const hub = ctx.requireHub();
      const settings = await getJobSettings(ctx.tx, hub.id);
      const row = await findJobPost(ctx.tx, { hubId: hub.id, id: params.id, viewerId: viewer.userId });
      requireViewablePost(viewer, row ? postFactsOf(row) : undefined, { now: ctx.now, settings });
      if (!row) throw notFound('Post');
      return {
        post: presentJobPost(row, {
          now: ctx.now,
          can: postAbilities(ctx, viewer, postFactsOf(row), ctx.now),
        }),
      };
    });

    tenantRoute(app, JOB_ENDPOINTS.update, async (ctx, { params, body }) => {
      const viewer = requireJobsReader(ctx);
      const settings = await getJobSettings(ctx.tx, ctx.requireHub().id);
      const post = await requireJobPostRow(ctx, params.id);
      requireViewablePost(viewer, rowFacts(post), { now: ctx.now, settings });
      requirePostManager(ctx, viewer, rowFacts(post));
      await updateJobPost(ctx, { post, settings, body });
      return postResponse(ctx, viewer, post.id);
    });

    tenantRoute(app, JOB_ENDPOINTS.close, async (ctx, { params }) => {
      const viewer = requireJobsReader(ctx);
      const settings = await getJobSettings(ctx.tx, ctx.requireHub().id);
      const post = await requireJobPostRow(ctx, params.id);
      requireViewablePost(viewer, rowFacts(post), { now: ctx.now, settings });
      requirePostManager(ctx, viewer, rowFacts(post));
      await closeJobPost(ctx, post);
      return postResponse(ctx, viewer, post.id);
    });

    // The mail relay is kicked after the transaction commits, so route() with its own tenant transaction.
    for (const decision of ['approve', 'reject'] as const) {
      const endpoint = decision === 'approve' ? JOB_ENDPOINTS.approve : JOB_ENDPOINTS.reject;
      route(app, endpoint, async ({ request, params, body }) => {
        const response = await request.tenant(tenantOptionsOf(endpoint), async (ctx) => {
          requireJobApprover(ctx);
          const viewer = requireJobsReader(ctx);
          const post = await requireJobPostRow(ctx, params.id);
          const reason =
            decision === 'reject' ? (body as { reason?: string } | undefined)?.reason : undefined;
          await decideJobPost(ctx, { post, decision, reason, publicUrl: deps.config.publicUrl });
          return postResponse(ctx, viewer, post.id);
        });
        deps.mail.kick();
        return response;
      });
    }

    for (const isSaved of [true, false]) {
      const endpoint = isSaved ? JOB_ENDPOINTS.save : JOB_ENDPOINTS.unsave;
      tenantRoute(app, endpoint, async (ctx, { params }) => {
        const viewer = requireJobsReader(ctx);
        const hub = ctx.requireHub();
        const post = await requireJobPostRow(ctx, params.id);
        if (isSaved) {
          const settings = await getJobSettings(ctx.tx, hub.id);
          requireViewablePost(viewer, rowFacts(post), { now: ctx.now, settings });
        }
        await setJobPostSaved(ctx, { hubId: hub.id, userId: viewer.userId, postId: post.id, isSaved });
        // Saving an opportunity completes the el_save_opportunity next step (spec 3 Action items).
        if (isSaved) await completeSaveOpportunity(ctx, hub.id);
        return { postId: post.id, isSaved };
      });
    }

    tenantRoute(app, JOB_ENDPOINTS.profilePosts, async (ctx, { params, query }) => {
      const viewed = await loadViewedProfile(ctx, params.identifier);
      const hubId = viewed.access.membership?.membership.hubId;
      if (!viewed.access.sections.has('jobPosts')) throw notFound('Job posts');
      if (hubId === undefined) return { items: [], nextCursor: null };
      const { user } = ctx.requireViewer();
      const viewerMembership = ctx.viewer?.memberships.find((m) => m.hubId === hubId) ?? null;
      const isAdmin =
        ctx.isClusterAdmin() ||
        (viewerMembership?.isAdmin === true &&
          viewerMembership.accessRights.some((r) => r === 'approve-job-posts' || r === 'job-settings'));
      const viewer: TJobViewer = {
        userId: user.id,
        userTypeId: viewerMembership?.userTypeId ?? null,
        isAdmin,
      };
      const settings = await getJobSettings(ctx.tx, hubId);
      const page = await ownerJobPostsPage(ctx.tx, {
        hubId,
        ownerId: viewed.record.user.id,
        viewer,
        isEveryPost: viewed.access.isOwner || isAdmin,
        now: ctx.now,
        hiddenFlows: hiddenFlowsOf(settings),
        ...query,
      });
      // The posts are of the profile's hub (maybe not the request's): its approvers may edit them there.
      const editor = {
        userId: user.id,
        isApprover:
          ctx.isClusterAdmin() ||
          (viewerMembership?.isAdmin === true && viewerMembership.accessRights.includes('approve-job-posts')),
      };
      return {
        items: page.rows.map((r) => presentJobSummary(r, { now: ctx.now, editor })),
        nextCursor: page.nextCursor,
      };
    });
  };
}
