import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { TAppDeps } from './app-deps.js';
import type { TConfig } from './config.js';
import type { TDatabase } from './db/client.js';
import { periodicJobs } from './jobs/scheduler.js';
import { startJobQueue } from './jobs/job-queue.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { pushTokenRoutes } from './modules/push-tokens/push-tokens.routes.js';
import { approvalRoutes } from './modules/approvals/approvals.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { directoryRoutes } from './modules/directory/directory.routes.js';
import { hubRoutes } from './modules/hubs/hubs.routes.js';
import { hubSearchRoutes } from './modules/hubs/hub-search.routes.js';
import { inboxRoutes } from './modules/inbox/inbox.routes.js';
import { inboxAttachmentRoutes } from './modules/inbox/inbox.attachments.routes.js';
import { inboxAdminRoutes } from './modules/inbox/inbox.admin.routes.js';
import { meetingRoutes } from './modules/meetings/meetings.routes.js';
import { availabilityRoutes } from './modules/availability/availability.routes.js';
import { profileRoutes } from './modules/profiles/profiles.routes.js';
import { careerStoryRoutes } from './modules/profiles/career-stories.routes.js';
import { signupRoutes } from './modules/signup/signup.routes.js';
import { profileQuestionRoutes } from './modules/profile-questions/profile-questions.routes.js';
import { createMailDelivery } from './modules/mail/mail-delivery.js';
import { realtimeRoutes } from './modules/realtime/realtime.routes.js';
import { createRealtime } from './modules/realtime/realtime.service.js';
import { parseQueryString } from './lib/query-string.js';
import { createStorage } from './lib/storage.js';
import { fileRoutes } from './modules/files/files.routes.js';
import { groupRoutes } from './modules/groups/groups.routes.js';
import { groupAdminRoutes } from './modules/groups/group-admin.routes.js';
import { groupToolRoutes } from './modules/groups/group-tools.routes.js';
import { programRoutes } from './modules/groups/programs.routes.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { feedRoutes } from './modules/feed/feed.routes.js';
import { actionItemRoutes } from './modules/action-items/action-items.routes.js';
import { badgeRoutes } from './modules/badges/badges.routes.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { createHubReadCache } from './lib/hub-read-cache.js';
import { givingRoutes } from './modules/giving/giving.routes.js';
import { jobRoutes } from './modules/jobs/jobs.routes.js';
import { jobApplicationRoutes } from './modules/job-applications/job-applications.routes.js';
import { experientialLearningRoutes } from './modules/experiential-learning/experiential-learning.routes.js';
import { advisingRoutes } from './modules/advising/advising.routes.js';
import { careerPathRoutes } from './modules/career-paths/career-paths.routes.js';
import { pathwayRoutes } from './modules/pathways/pathways.routes.js';
import { assessmentRoutes } from './modules/assessments/assessments.routes.js';
import { videoPromptRoutes } from './modules/video-prompts/video-prompts.routes.js';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.js';
import { platformAdminRoutes } from './modules/platform-admin/platform-admin.routes.js';
import { loginAsRoutes } from './modules/login-as/login-as.routes.js';
import { adminDataRoutes } from './modules/admin-data/admin-data.routes.js';
import { adminUserTypesRoutes } from './modules/admin-user-types/admin-user-types.routes.js';
import { adminProfileFieldsRoutes } from './modules/profile-fields/profile-fields.routes.js';
import { adminPeopleRoutes } from './modules/admin-people/admin-people.routes.js';
import { scimRoutes } from './modules/scim/scim.routes.js';
import { organizationAdminRoutes } from './modules/organization-admin/organization-admin.routes.js';
import { organizationFieldsRoutes } from './modules/organization-admin/organization-fields.routes.js';
import { organizationTemplateRoutes } from './modules/organization-admin/organization-templates.routes.js';
import { adminApprovalRoutes } from './modules/admin-approvals/admin-approvals.routes.js';
import { adminCommsRoutes } from './modules/admin-comms/admin-comms.routes.js';
import { surveyRoutes } from './modules/surveys/surveys.routes.js';
import { hubWelcomeRoutes } from './modules/hub-welcome/hub-welcome.routes.js';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { tenantErasureRoutes } from './modules/tenant-erasure/tenant-erasure.routes.js';
import { clusterAdminRoutes } from './modules/cluster-admin/cluster-admin.routes.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { samlRoutes } from './modules/sso/saml.routes.js';
import { takeWebhookKick } from './modules/webhooks/webhooks.events.js';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.js';
import { webAppHtml, type TPageAnswer } from './plugins/web-app-html.js';
import { serverRenderer } from './modules/web-render/server-render.js';
import { registerNulGuard } from './plugins/nul-guard.js';
import { registerMetrics } from './modules/metrics/metrics.js';
import { DEFAULT_RATE_LIMITS, registerRateLimit, type TRateLimits } from './plugins/rate-limit.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRequestContext } from './plugins/request-context.js';
import { createFailureCounter } from './plugins/failure-counter.js';
import { embedFrameSources } from './lib/rich-text.js';
import { contentImageRoutes } from './modules/link-previews/content-images.routes.js';
import { discussionRoutes } from './modules/discussions/discussions.routes.js';
import { eventRoutes } from './modules/events/events.routes.js';
import { resourceRoutes } from './modules/resources/resources.routes.js';
import { linkPreviewRoutes } from './modules/link-previews/link-previews.routes.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { emailResponseRoutes } from './modules/email-response/email-response.routes.js';
import { startInboundSmtp } from './modules/email-response/email-response.smtp.js';

/** Wrong current passwords (password change, email change, deletion) allowed per user in the window. */
const CURRENT_PASSWORD_ATTEMPTS = 5;
const CURRENT_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

export type TBuildAppOptions = {
  config: TConfig;
  database: TDatabase;
  redis?: Redis | null;
  clock?: () => Date;
  rateLimits?: Partial<TRateLimits>;
  /** Logger on/off; tests keep it quiet. */
  logger?: boolean;
};

export type TApp = FastifyInstance & { deps: TAppDeps };

/** Builds the Fastify instance; main.ts listens on it and tests drive it through app.inject(). */
export async function buildApp(options: TBuildAppOptions): Promise<TApp> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    // Forwarded headers count only from configured proxies (TRUST_PROXY); absolute URLs come from PUBLIC_URL.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    // One log line per request (below) instead of pino's two: the second write was a tenth of a hot read's CPU.
    // Through logController: the top-level option is deprecated and printed a warning at every start.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: parseQueryString },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = options.clock ?? (() => new Date());
  const mail = createMailDelivery({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    serverSecret: config.jwtSecret,
  });
  const realtime = createRealtime({
    db: database.db,
    redis: options.redis ?? null,
    jwtSecret: config.jwtSecret,
    clock,
    log: app.log,
  });
  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const failureCounters = {
    signIn: createFailureCounter({
      redis: options.redis ?? null,
      namespace: 'sign-in',
      max: rateLimits.authPerEmail,
      windowMs: rateLimits.windowMs,
    }),
    currentPassword: createFailureCounter({
      redis: options.redis ?? null,
      namespace: 'current-password',
      max: CURRENT_PASSWORD_ATTEMPTS,
      windowMs: CURRENT_PASSWORD_WINDOW_MS,
    }),
  };
  const deps: TAppDeps = {
    config,
    database,
    mail,
    clock,
    storage: createStorage(config),
    realtime,
    failureCounters,
    hubReadCache: createHubReadCache(),
  };
  // Periodic jobs on pg-boss (ADR 0005): one run per schedule across processes, retried when they fail.
  const jobQueue = await startJobQueue({
    db: database.jobQueueDb,
    backend: database.kind,
    log: app.log,
    jobs: periodicJobs({
      db: database.db,
      clock,
      storage: deps.storage,
      publicUrl: config.publicUrl,
      // Email about unread messages (issue #5 item 4) and, when INBOUND_SMTP_PORT is set, replies by email.
      digests: {
        publicUrl: config.publicUrl,
        secret: config.jwtSecret,
        replyDomain: config.inboundSmtp?.domain ?? null,
      },
      onQueued: () => {
        mail.kick();
        realtime.kick();
      },
      webhookAllowedOrigins: config.webhookTestAllowedOrigins,
      dnsServers: config.dnsServers,
    }),
  });
  // Webhook deliveries a request queued (issue #23 item 3) leave right after its commit, not on the next minute.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && takeWebhookKick())
      jobQueue
        .runNow('webhook-deliveries')
        .catch((error: unknown) => app.log.error({ err: error }, 'webhook run'));
  });
  app.addHook('onClose', async () => {
    mail.stop();
    await jobQueue.stop();
  });
  if (config.inboundSmtp) {
    const inbound = await startInboundSmtp({
      db: database.db,
      secret: config.jwtSecret,
      port: config.inboundSmtp.port,
      host: config.inboundSmtp.host,
      clock,
      log: app.log,
      onPosted: () => realtime.kick(),
    });
    app.log.info({ port: inbound.port }, 'inbound SMTP receiver for replies by email');
    app.addHook('preClose', async () => inbound.close());
  }
  // Realtime: sockets close (recording lastOnline) before the database does.
  app.addHook('preClose', async () => realtime.close());
  // Events written by a successful write request are published right after its commit (outbox relay).
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) realtime.kick();
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      // Fastify's serializers pick method, URL, host and client address, and the status, as before.
      { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 100) / 100 },
      'request completed',
    );
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects its CSS variables in <style> tags; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Career story audio is fetched with the bearer token and played (and recordings previewed) from blob: URLs.
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // Embedded frames of user rich text: only the approved hosts (spec 5, lib/rich-text.ts).
        frameSrc: embedFrameSources(),
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.isProduction ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 5 } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerRateLimit(app, options.redis ?? null);
  registerErrorHandling(app, {
    webAppPage: registerWebApp(app, config.webDistDir) ? webAppPage(app, config) : null,
  });
  registerRequestContext(app, {
    db: database.db,
    transactionWith: database.transactionWith,
    jwtSecret: config.jwtSecret,
    clock,
    onHubWrite: (scope) => deps.hubReadCache.forgetHub(scope),
    // A turned-off module's endpoints answer 403 from the hub's modules kept there (lib/module-gate).
    hubReadCache: deps.hubReadCache,
  });
  registerNulGuard(app);
  // Prometheus /metrics (issue #14): after the error handler, before the routes its timing hook must cover.
  registerMetrics(app, { config, database, realtime });

  await registerOpenApi(app);

  await app.register(healthRoutes(database));
  await app.register(authRoutes({ ...deps, rateLimits }));
  await app.register(hubRoutes);
  await app.register(hubSearchRoutes({ rateLimits }));
  await app.register(profileRoutes);
  await app.register(directoryRoutes);
  await app.register(approvalRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(pushTokenRoutes);
  await app.register(fileRoutes(deps));
  await app.register(careerStoryRoutes(deps));
  await app.register(inboxRoutes);
  await app.register(inboxAttachmentRoutes(deps));
  await app.register(inboxAdminRoutes);
  await app.register(signupRoutes);
  await app.register(profileQuestionRoutes);
  await app.register(realtimeRoutes(deps));
  await app.register(groupRoutes);
  await app.register(groupAdminRoutes);
  await app.register(groupToolRoutes(deps));
  await app.register(programRoutes(deps));
  await app.register(meetingRoutes(deps));
  await app.register(availabilityRoutes(deps));
  await app.register(contentImageRoutes(deps));
  await app.register(discussionRoutes);
  await app.register(eventRoutes(deps));
  await app.register(resourceRoutes(deps));
  await app.register(linkPreviewRoutes());
  await app.register(notificationRoutes(deps));
  await app.register(emailResponseRoutes(deps));
  await app.register(feedRoutes);
  await app.register(homeRoutes(deps));
  await app.register(actionItemRoutes);
  await app.register(badgeRoutes);
  await app.register(givingRoutes(deps));
  await app.register(jobRoutes(deps));
  await app.register(jobApplicationRoutes(deps));
  await app.register(experientialLearningRoutes);
  await app.register(advisingRoutes(deps));
  await app.register(careerPathRoutes);
  await app.register(pathwayRoutes);
  await app.register(assessmentRoutes(deps));
  await app.register(videoPromptRoutes(deps));
  await app.register(moderationRoutes);
  await app.register(auditLogRoutes);
  await app.register(platformAdminRoutes);
  await app.register(loginAsRoutes(deps));
  await app.register(adminDataRoutes({ ...deps, runImports: () => jobQueue.runNow('admin-data-imports') }));
  await app.register(adminUserTypesRoutes);
  await app.register(adminProfileFieldsRoutes);
  await app.register(adminPeopleRoutes);
  await app.register(organizationAdminRoutes);
  await app.register(organizationFieldsRoutes);
  await app.register(organizationTemplateRoutes);
  await app.register(adminApprovalRoutes(deps));
  await app.register(adminCommsRoutes(deps));
  await app.register(surveyRoutes);
  await app.register(hubWelcomeRoutes);
  await app.register(webhookRoutes(deps));
  await app.register(tenantErasureRoutes({ ...deps, retryJob: (queue, id) => jobQueue.retry(queue, id) }));
  await app.register(clusterAdminRoutes(deps));
  await app.register(ssoRoutes({ ...deps, rateLimits }));
  await app.register(samlRoutes({ ...deps, rateLimits }));
  await app.register(scimRoutes({ ...deps, rateLimits, redis: options.redis ?? null }));

  return Object.assign(app, { deps }) as unknown as TApp;
}

/** Trusts the nearest `hops` proxies (Fastify's numeric trustProxy, which its types do not declare). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** A page request's answer: index.html with its preloads, rendered for its viewer where the server can. */
function webAppPage(
  app: FastifyInstance,
  config: TConfig,
): (request: FastifyRequest) => Promise<TPageAnswer> {
  const indexHtml = webAppHtml(config.webDistDir);
  const render = serverRenderer({
    app,
    webDistDir: config.webDistDir,
    jwtSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
  });
  return async (request) => {
    const html = await indexHtml(request.url.split('?')[0] ?? '/');
    return render === null ? { kind: 'html', html, isPersonal: false } : render(request, html);
  };
}

/**
 * Files under assets/ carry a content hash in their name, so a browser keeps them for a year without asking
 * again; everything else (index.html, icons) is revalidated so a deploy shows at once.
 */
export function webCacheControl(relativePath: string): string {
  return relativePath.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built web app; files are looked up on each request, so a rebuild needs no restart.
 * Client-side routes fall back to index.html in the not-found handler (plugins/errors.ts), with the page's
 * chunks preloaded (plugins/web-app-html.ts).
 */
function registerWebApp(app: FastifyInstance, webDistDir: string): boolean {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'web app not built: run `npm run build` to serve it');
    return false;
  }
  // index.html answers "/"; other page paths reach it through the not-found handler. The build writes
  // .br and .gz copies (apps/web/vite.config.ts), sent as they are to browsers that accept them.
  void app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: true,
    index: 'index.html',
    serveDotFiles: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', webCacheControl(path.relative(webDistDir, filePath)));
    },
  });
  return true;
}
