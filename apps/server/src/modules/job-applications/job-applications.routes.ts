import { randomBytes } from 'node:crypto';
import { JOB_APPLICATION_ENDPOINTS, type TApplicationStateValue } from '@commons/contract';
import {
  APPLICATION_STATES,
  storedApplicationState,
  type TDataRegion,
  type TUserApplicationAction,
} from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { sendDownload } from '../../lib/downloads.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { requireHubContributor, requireHubReader } from '../content/content.policy.js';
import { detectDocument, DOCUMENT_MAX_BYTES, readUpload, regionOf } from '../files/uploads.js';
import { postEditorOf, requireJobsReader } from '../jobs/jobs.policy.js';
import { presentJobSummary } from '../jobs/jobs.presenter.js';
import { cardsByIds } from '../jobs/jobs.queries.js';
import {
  applyToPost,
  moveApplication,
  recordApplicationFile,
  type TMoveDetails,
} from './job-applications.commands.js';
import { isJobAdmin, maySeePost, requireApplicantListAccess } from './job-applications.policy.js';
import { presentApplicationsFor } from './job-applications.presenter.js';
import {
  applicationCountsByPost,
  findApplication,
  findApplicationPost,
  findStoredFile,
  myApplicationsPage,
  postApplicationCounts,
  postApplicationsPage,
  projectIdsPage,
} from './job-applications.queries.js';

/** The application of the request's hub as the viewer sees it; 404 when RLS or the roles hide it. */
async function presentOne(ctx: TRequestContext, applicationId: string) {
  const record = await findApplication(ctx.tx, { applicationId, hubId: ctx.requireHub().id });
  if (!record) throw notFound('Application');
  const [application] = await presentApplicationsFor(ctx, [record]);
  if (!application) throw notFound('Application');
  return { application };
}

/** Applications of issue #19 item 3: apply, the applicant list, my applications, files and every move. */
export function jobApplicationRoutes(deps: Pick<TAppDeps, 'storage'>): FastifyPluginAsync {
  const { storage } = deps;
  return async (app) => {
    tenantRoute(app, JOB_APPLICATION_ENDPOINTS.apply, async (ctx, { params, body }) => {
      const id = await applyToPost(ctx, {
        postId: params.id,
        note: body.note,
        resumeFileId: body.resumeFileId,
      });
      return presentOne(ctx, id);
    });

    tenantRoute(app, JOB_APPLICATION_ENDPOINTS.applicants, async (ctx, { params, query }) => {
      requireHubReader(ctx);
      const post = await findApplicationPost(ctx.tx, { postId: params.id, hubId: ctx.requireHub().id });
      if (!post || !maySeePost(ctx, post)) throw notFound('Post');
      requireApplicantListAccess(ctx, post);
      const { rows, nextCursor } = await postApplicationsPage(ctx.tx, { postId: post.id, ...query });
      const counts: Partial<Record<TApplicationStateValue, number>> = {};
      for (const row of await postApplicationCounts(ctx.tx, post.id)) {
        const state = APPLICATION_STATES.find((s) => {
          const stored = storedApplicationState(s);
          return stored.status === row.status && stored.workStatus === row.workStatus;
        });
        if (state) counts[state] = (counts[state] ?? 0) + row.count;
      }
      return { items: await presentApplicationsFor(ctx, rows), nextCursor, counts };
    });

    tenantRoute(app, JOB_APPLICATION_ENDPOINTS.mine, async (ctx, { query }) => {
      requireHubReader(ctx);
      const { rows, nextCursor } = await myApplicationsPage(ctx.tx, {
        userId: ctx.requireViewer().user.id,
        hubId: ctx.requireHub().id,
        ...query,
      });
      return { items: await presentApplicationsFor(ctx, rows), nextCursor };
    });

    tenantRoute(app, JOB_APPLICATION_ENDPOINTS.projects, async (ctx, { query }) => {
      const viewer = requireJobsReader(ctx);
      if (query.scope === 'all' && !viewer.isAdmin)
        throw forbidden('Only the job board’s admins see every project.');
      const { ids, nextCursor } = await projectIdsPage(ctx.tx, {
        hubId: ctx.requireHub().id,
        ownerUserId: query.scope === 'all' ? null : viewer.userId,
        status: query.status,
        cursor: query.cursor,
        limit: query.limit,
      });
      const cards = await cardsByIds(ctx.tx, viewer.userId, ids);
      const editor = postEditorOf(ctx, viewer);
      const counts = await applicationCountsByPost(ctx.tx, ids);
      return {
        items: cards.map((card) => ({
          post: presentJobSummary(card, { now: ctx.now, editor }),
          applicationCount: counts.get(card.id)?.applicationCount ?? 0,
          hiredCount: counts.get(card.id)?.hiredCount ?? 0,
        })),
        nextCursor,
      };
    });

    // Bytes are read and stored outside the tenant transactions (no I/O inside one), as profile documents.
    route(app, JOB_APPLICATION_ENDPOINTS.uploadFile, async ({ request }) => {
      const tenant = tenantOptionsOf(JOB_APPLICATION_ENDPOINTS.uploadFile);
      // A member of the hub first: anything else is refused before a byte is read or unzipped.
      const region = await request.tenant(tenant, async (ctx) => {
        requireHubContributor(ctx);
        return regionOf(ctx);
      });
      const upload = await readUpload(request, {
        maxBytes: DOCUMENT_MAX_BYTES,
        tooLargeMessage: 'The document must be 10 MB or smaller.',
      });
      const type = detectDocument(upload.bytes);
      const key = randomBytes(16).toString('hex');
      await storage.put(region, key, upload.bytes);
      const row = await request.tenant(tenant, (ctx) =>
        recordApplicationFile(ctx, {
          region,
          key,
          mimeType: type.mimeType,
          sizeBytes: upload.bytes.length,
          originalName: `${upload.filename.replace(/\.[^.]*$/, '') || 'document'}.${type.extension}`,
        }),
      );
      return {
        file: { id: row.id, name: row.originalName, mimeType: row.mimeType, sizeBytes: row.sizeBytes },
      };
    });

    tenantRoute(app, JOB_APPLICATION_ENDPOINTS.get, async (ctx, { params }) => {
      requireHubReader(ctx);
      return presentOne(ctx, params.id);
    });

    route(app, JOB_APPLICATION_ENDPOINTS.file, async ({ request, reply, params }) => {
      const file = await request.tenant(tenantOptionsOf(JOB_APPLICATION_ENDPOINTS.file), async (ctx) => {
        requireHubReader(ctx);
        const record = await findApplication(ctx.tx, {
          applicationId: params.id,
          hubId: ctx.requireHub().id,
        });
        const viewerId = ctx.requireViewer().user.id;
        const mayRead =
          record !== null &&
          (record.application.applicantUserId === viewerId ||
            record.post.ownerUserId === viewerId ||
            isJobAdmin(ctx));
        const isItsFile =
          record !== null &&
          (record.application.resumeFileId === params.fileId ||
            record.application.submissionFileId === params.fileId);
        if (!mayRead || !isItsFile) throw notFound('File');
        const stored = await findStoredFile(ctx.tx, params.fileId);
        if (!stored || stored.kind === 'photo') throw notFound('File');
        return stored;
      });
      const bytes = await storage.get(file.region as TDataRegion, file.storageKey);
      if (!bytes) throw notFound('File');
      return sendDownload(reply, { bytes, mimeType: file.mimeType, name: file.originalName });
    });

    const moves: Array<{
      endpoint:
        | typeof JOB_APPLICATION_ENDPOINTS.shortlist
        | typeof JOB_APPLICATION_ENDPOINTS.hire
        | typeof JOB_APPLICATION_ENDPOINTS.reject
        | typeof JOB_APPLICATION_ENDPOINTS.withdraw;
      action: TUserApplicationAction;
    }> = [
      { endpoint: JOB_APPLICATION_ENDPOINTS.shortlist, action: 'shortlist' },
      { endpoint: JOB_APPLICATION_ENDPOINTS.hire, action: 'hire' },
      { endpoint: JOB_APPLICATION_ENDPOINTS.reject, action: 'reject' },
      { endpoint: JOB_APPLICATION_ENDPOINTS.withdraw, action: 'withdraw' },
    ];
    for (const { endpoint, action } of moves) {
      tenantRoute(app, endpoint, async (ctx, { params, body }) => {
        requireHubReader(ctx);
        const details: TMoveDetails = { kind: 'decision', message: body.message ?? null };
        await moveApplication(ctx, { applicationId: params.id, action, details });
        return presentOne(ctx, params.id);
      });
    }

    tenantRoute(app, JOB_APPLICATION_ENDPOINTS.submit, async (ctx, { params, body }) => {
      requireHubReader(ctx);
      await moveApplication(ctx, {
        applicationId: params.id,
        action: 'submit',
        details: { kind: 'submission', text: body.text, url: body.url, fileId: body.fileId },
      });
      return presentOne(ctx, params.id);
    });

    for (const { endpoint, action } of [
      { endpoint: JOB_APPLICATION_ENDPOINTS.complete, action: 'complete' as const },
      { endpoint: JOB_APPLICATION_ENDPOINTS.markNotCompleted, action: 'markNotCompleted' as const },
    ]) {
      tenantRoute(app, endpoint, async (ctx, { params, body }) => {
        requireHubReader(ctx);
        await moveApplication(ctx, {
          applicationId: params.id,
          action,
          details: { kind: 'review', note: body.note },
        });
        return presentOne(ctx, params.id);
      });
    }
  };
}
