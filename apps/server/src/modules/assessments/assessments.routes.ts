import {
  ASSESSMENT_ADMIN_ENDPOINTS,
  ASSESSMENT_DEMO_ENDPOINTS,
  ASSESSMENT_ENDPOINTS,
  type TAdminAssessmentsResponse,
} from '@commons/contract';
import { ASSESSMENT_WEBHOOK_HEADERS } from '@commons/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { resolveClusterId } from '../../db/tenant.js';
import { notFound } from '../../lib/app-error.js';
import { route, tenantRoute } from '../../plugins/route.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import {
  createAssessment,
  deleteAssessment,
  launchAssessment,
  receiveAssessmentResults,
  updateAssessment,
  updateAssessmentSettings,
  webhookPathOf,
  type TAssessmentDeps,
} from './assessments.commands.js';
import {
  demoLaunchPageHtml,
  demoProviderPage,
  demoResultsDelivery,
  verifyDemoLaunchToken,
} from './assessments.demo-provider.js';
import {
  assessmentSettingsOf,
  canManageAssessments,
  canSeeResultsOf,
  requireAssessmentAdmin,
  requireAssessmentMember,
} from './assessments.policy.js';
import { presentAdminAssessment, presentCard, presentResult } from './assessments.presenter.js';
import {
  findAssessmentBySlug,
  latestResultsOf,
  listAssessments,
  resultCountsByAssessment,
} from './assessments.queries.js';

/** The raw bytes of each webhook request, kept by its JSON parser: the HMAC covers them, not a re-serialisation. */
const rawBodies = new WeakMap<FastifyRequest, string>();

/** The webhook's body limit: results are a summary and a few matches. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** Career assessments (issue #20 item 4): members launch, providers deliver results, admins configure. */
export function assessmentRoutes(deps: Pick<TAppDeps, 'config' | 'database' | 'clock'>): FastifyPluginAsync {
  /**
   * The origin of this deployment as the member reaches it: PUBLIC_URL for its own host, else the cluster's host the
   * request came to (clusters have their own host names, and the member's session lives on that origin). Launch
   * tokens name it (iss, results and return URLs), so the provider sends the member back where they signed in.
   */
  const originOf = (request: FastifyRequest): string => {
    const publicOrigin = new URL(deps.config.publicUrl);
    const host = request.host;
    if (host === '' || host === publicOrigin.host) return publicOrigin.origin;
    return `${request.protocol}://${host}`;
  };
  const depsFor = (request: FastifyRequest): TAssessmentDeps => ({
    serverSecret: deps.config.jwtSecret,
    publicUrl: originOf(request),
  });
  /** A stored launch URL may be a path of this deployment (the demo provider): made absolute here. */
  const absolute = (launchUrl: string, request: FastifyRequest) =>
    new URL(launchUrl, `${originOf(request)}/`).toString();

  return async (app) => {
    tenantRoute(app, ASSESSMENT_ENDPOINTS.list, async (ctx) => {
      requireAssessmentMember(ctx);
      const hubId = ctx.requireHub().id;
      const rows = await listAssessments(ctx.tx, { hubId });
      const latest = await latestResultsOf(ctx.tx, { userId: ctx.requireViewer().user.id, hubId });
      const byAssessment = new Map(latest.map((r) => [r.assessmentId, r]));
      const { tabName } = assessmentSettingsOf(await getHubSettings(ctx.tx, hubId));
      return {
        tabName,
        items: rows.map((row) => presentCard(row, byAssessment.get(row.id))),
        can: { manage: canManageAssessments(ctx) },
      };
    });

    tenantRoute(app, ASSESSMENT_ENDPOINTS.results, async (ctx, { query }) => {
      const viewer = ctx.requireViewer();
      const hubId = ctx.requireHub().id;
      const userId = query.userId ?? viewer.user.id;
      if (!canSeeResultsOf(ctx, userId)) throw notFound('Results');
      const rows = await latestResultsOf(ctx.tx, { userId, hubId });
      return { items: rows.map(presentResult) };
    });

    const activeBySlug = async (ctx: TRequestContext, slug: string) => {
      requireAssessmentMember(ctx);
      const row = await findAssessmentBySlug(ctx.tx, { hubId: ctx.requireHub().id, slug });
      // An inactive assessment is hidden from members; its admins may still try it.
      if (!row || (!row.isActive && !canManageAssessments(ctx))) throw notFound('Assessment');
      return row;
    };

    tenantRoute(app, ASSESSMENT_ENDPOINTS.get, async (ctx, { params }) => {
      const row = await activeBySlug(ctx, params.slug);
      const [latest] = await latestResultsOf(ctx.tx, {
        userId: ctx.requireViewer().user.id,
        hubId: row.hubId,
        assessmentId: row.id,
      });
      return presentCard(row, latest);
    });

    tenantRoute(app, ASSESSMENT_ENDPOINTS.launch, async (ctx, { params, request, reply }) => {
      const row = await activeBySlug(ctx, params.slug);
      const launched = await launchAssessment(ctx, {
        assessment: { ...row, launchUrl: absolute(row.launchUrl, request) },
        deps: depsFor(request),
      });
      // The answer holds a credential (the token): never cached.
      reply.header('cache-control', 'no-store');
      return launched;
    });

    // The webhook reads its JSON body as text first (in its own scope), so the signature is checked over the
    // exact bytes the provider signed.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
        (request, body, done) => {
          const text = String(body);
          rawBodies.set(request, text);
          try {
            done(null, JSON.parse(text));
          } catch {
            done(Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 }), undefined);
          }
        },
      );
      route(scope, ASSESSMENT_ENDPOINTS.webhook, async ({ params, request }) => {
        const clusterId = await resolveClusterId(deps.database.db, request.hostname);
        if (!clusterId) throw notFound('Assessment');
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        return receiveAssessmentResults(deps.database.db, {
          clusterId,
          assessmentId: params.id,
          timestamp: header(ASSESSMENT_WEBHOOK_HEADERS.timestamp),
          signature: header(ASSESSMENT_WEBHOOK_HEADERS.signature),
          rawBody: rawBodies.get(request) ?? '',
          now: deps.clock(),
          deps: depsFor(request),
        });
      });
    });

    // ---- The demo provider (the demo assessment's launch page) ----

    const sendPage = (
      reply: Parameters<Parameters<typeof route>[2]>[0]['reply'],
      status: number,
      html: string,
    ) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(html);
    const invalidLink = demoProviderPage(
      'Launch link not valid',
      '<p>This launch link is not valid or has expired. Start the assessment again from Commons.</p>',
    );

    route(app, ASSESSMENT_DEMO_ENDPOINTS.page, async ({ query, request, reply }) => {
      const claims =
        query.token === undefined
          ? null
          : await verifyDemoLaunchToken({
              token: query.token,
              serverSecret: deps.config.jwtSecret,
              publicUrl: originOf(request),
              now: deps.clock(),
            });
      if (!claims || query.token === undefined) return sendPage(reply, 400, invalidLink);
      return sendPage(reply, 200, demoLaunchPageHtml({ claims, token: query.token }));
    });

    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
      route(scope, ASSESSMENT_DEMO_ENDPOINTS.finish, async ({ body, request, reply }) => {
        const now = deps.clock();
        const claims = await verifyDemoLaunchToken({
          token: body.token,
          serverSecret: deps.config.jwtSecret,
          publicUrl: originOf(request),
          now,
          isFinishing: true,
        });
        if (!claims) return sendPage(reply, 400, invalidLink);
        const back = new URL(claims.returnUrl);
        if (body.action === 'cancel') {
          back.search = '';
          return reply.redirect(back.toString(), 303);
        }
        const delivery = demoResultsDelivery({
          claims,
          interest: body.interest,
          serverSecret: deps.config.jwtSecret,
          now,
        });
        // Posted through the server's own request pipeline (parser, schema, signature), as a provider's would be.
        const answer = await app.inject({
          method: 'POST',
          url: delivery.path,
          headers: { ...delivery.headers, host: request.headers.host ?? 'localhost' },
          payload: delivery.rawBody,
        });
        if (answer.statusCode !== 201) {
          request.log.warn({ status: answer.statusCode }, 'demo assessment results refused');
          return sendPage(
            reply,
            409,
            demoProviderPage(
              'Results not delivered',
              '<p>Commons refused the results. Start the assessment again.</p>',
            ),
          );
        }
        return reply.redirect(back.toString(), 303);
      });
    });

    // ---- Admin ----

    const adminList = async (
      ctx: TRequestContext,
      request: FastifyRequest,
    ): Promise<TAdminAssessmentsResponse> => {
      const hubId = ctx.requireHub().id;
      const rows = await listAssessments(ctx.tx, { hubId, isAll: true });
      const counts = await resultCountsByAssessment(ctx.tx, hubId);
      const { tabName } = assessmentSettingsOf(await getHubSettings(ctx.tx, hubId));
      return { tabName, items: rows.map((row) => presentAdmin(row, counts.get(row.id) ?? 0, request)) };
    };
    const presentAdmin = (
      row: Parameters<typeof presentAdminAssessment>[0],
      resultCount: number,
      request: FastifyRequest,
    ) =>
      presentAdminAssessment(
        { ...row, launchUrl: absolute(row.launchUrl, request) },
        { webhookUrl: `${originOf(request)}${webhookPathOf(row.id)}`, resultCount },
      );

    tenantRoute(app, ASSESSMENT_ADMIN_ENDPOINTS.list, async (ctx, { request }) => {
      requireAssessmentAdmin(ctx);
      return adminList(ctx, request);
    });

    tenantRoute(app, ASSESSMENT_ADMIN_ENDPOINTS.create, async (ctx, { body, request }) => {
      requireAssessmentAdmin(ctx);
      const row = await createAssessment(ctx, { body, deps: depsFor(request) });
      return presentAdmin(row, 0, request);
    });

    tenantRoute(app, ASSESSMENT_ADMIN_ENDPOINTS.update, async (ctx, { params, body, request }) => {
      requireAssessmentAdmin(ctx);
      const row = await updateAssessment(ctx, { id: params.id, body, deps: depsFor(request) });
      const counts = await resultCountsByAssessment(ctx.tx, row.hubId);
      return presentAdmin(row, counts.get(row.id) ?? 0, request);
    });

    tenantRoute(app, ASSESSMENT_ADMIN_ENDPOINTS.remove, async (ctx, { params }) => {
      requireAssessmentAdmin(ctx);
      await deleteAssessment(ctx, params.id);
      return undefined;
    });

    tenantRoute(app, ASSESSMENT_ADMIN_ENDPOINTS.settings, async (ctx, { body, request }) => {
      requireAssessmentAdmin(ctx);
      await updateAssessmentSettings(ctx, body.tabName);
      return adminList(ctx, request);
    });
  };
}
