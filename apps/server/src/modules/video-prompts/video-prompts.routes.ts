import { randomBytes } from 'node:crypto';
import { VIDEO_PROMPT_ENDPOINTS, VIDEO_TOO_LARGE_MESSAGE } from '@commons/contract';
import { dataRegionForHubId, VIDEO_PROMPT_LIMITS } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import { decodeCursor, INVALID_CURSOR_MESSAGE } from '../../lib/cursor.js';
import { keysetPage } from '../../lib/keyset.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { readUpload } from '../files/uploads.js';
import {
  createVideoPrompt,
  deleteAnswer,
  deleteVideoPrompt,
  saveLinkAnswer,
  saveVideoAnswer,
  updateVideoPrompt,
  type TRemovedObjects,
  type TStoredObject,
} from './video-prompts.commands.js';
import { detectVideo, posterBytesOf, processPoster } from './video-prompts.media.js';
import {
  canManageVideoPrompts,
  mayAnswer,
  requireVideoPromptAdmin,
  requireVideoPromptMember,
} from './video-prompts.policy.js';
import { presentAnswer, presentPrompt } from './video-prompts.presenter.js';
import {
  answerCounts,
  answersOfUser,
  answersPage,
  findAnswerFiles,
  findVideoPrompt,
  listVideoPrompts,
  type TVideoAnswerRow,
  type TVideoAnswerWithAuthor,
  type TVideoPromptRow,
} from './video-prompts.queries.js';

/**
 * Video prompts (issue #20 item 3): prompts, answers by a recorded or uploaded video (with a poster frame) or a
 * link, others' answers, and the profile section videoAnswers. Video bytes are read and stored outside the
 * tenant transactions (no I/O inside one), in the data region of the prompt's hub (spec 9), so the upload and
 * file endpoints open their transactions themselves, as the career story audio does.
 */
export function videoPromptRoutes(deps: Pick<TAppDeps, 'storage'>): FastifyPluginAsync {
  const { storage } = deps;
  const removeObjects = async (objects: TRemovedObjects) => {
    for (const object of objects) await storage.remove(object.region, object.key);
  };
  const tenantOptions = tenantOptionsOf(VIDEO_PROMPT_ENDPOINTS.uploadAnswer);

  /** A prompt of the request's hub the viewer may see: active, or any for its admins. */
  const visiblePrompt = async (ctx: TRequestContext, id: string): Promise<TVideoPromptRow> => {
    requireVideoPromptMember(ctx);
    const prompt = await findVideoPrompt(ctx.tx, { hubId: ctx.requireHub().id, id });
    if (!prompt || (!prompt.isActive && !canManageVideoPrompts(ctx))) throw notFound('Video prompt');
    return prompt;
  };
  /** A prompt the viewer may answer now (an approved member, the prompt active), else 403 or 404. */
  const answerablePrompt = async (ctx: TRequestContext, id: string): Promise<TVideoPromptRow> => {
    const prompt = await visiblePrompt(ctx, id);
    if (!mayAnswer(ctx) || !prompt.isActive) {
      const message = 'Only approved members of this hub can answer its video prompts.';
      throw new AppError({ statusCode: 403, code: 'forbidden', message, userMessage: message });
    }
    return prompt;
  };
  const canDelete = (ctx: TRequestContext, row: TVideoAnswerWithAuthor) =>
    row.answer.userId === ctx.requireViewer().user.id || canManageVideoPrompts(ctx);
  const present = (ctx: TRequestContext, row: TVideoAnswerWithAuthor) =>
    presentAnswer(row, { canDelete: canDelete(ctx, row) });
  const presentPrompts = async (ctx: TRequestContext, prompts: TVideoPromptRow[]) => {
    const viewerId = ctx.requireViewer().user.id;
    const ids = prompts.map((p) => p.id);
    const counts = await answerCounts(ctx.tx, ids);
    const mine = await answersOfUser(ctx.tx, {
      hubId: ctx.requireHub().id,
      userId: viewerId,
      promptIds: ids,
    });
    return prompts.map((prompt) => {
      const answer = mine.find((row) => row.answer.promptId === prompt.id);
      return presentPrompt(prompt, {
        answerCount: counts.get(prompt.id) ?? 0,
        myAnswer: answer ? present(ctx, answer) : null,
        canAnswer: mayAnswer(ctx),
        canManage: canManageVideoPrompts(ctx),
      });
    });
  };
  /** The answer just saved, read back with its author, as a response. */
  const answerResponse = async (ctx: TRequestContext, answer: TVideoAnswerRow) => {
    const [row] = await answersOfUser(ctx.tx, {
      hubId: answer.hubId,
      userId: answer.userId,
      promptIds: [answer.promptId],
    });
    if (!row) throw new Error('saved answer not found');
    return present(ctx, row);
  };

  return async (app) => {
    tenantRoute(app, VIDEO_PROMPT_ENDPOINTS.list, async (ctx) => {
      requireVideoPromptMember(ctx);
      const prompts = await listVideoPrompts(ctx.tx, {
        hubId: ctx.requireHub().id,
        isAll: canManageVideoPrompts(ctx),
      });
      return { items: await presentPrompts(ctx, prompts), can: { manage: canManageVideoPrompts(ctx) } };
    });

    tenantRoute(app, VIDEO_PROMPT_ENDPOINTS.get, async (ctx, { params, query }) => {
      const prompt = await visiblePrompt(ctx, params.id);
      const [presented] = await presentPrompts(ctx, [prompt]);
      if (!presented) throw notFound('Video prompt');
      const userId = query.userId ?? ctx.requireViewer().user.id;
      const [answer] = await answersOfUser(ctx.tx, { hubId: prompt.hubId, userId, promptIds: [prompt.id] });
      return { prompt: presented, answer: answer ? present(ctx, answer) : null };
    });

    tenantRoute(app, VIDEO_PROMPT_ENDPOINTS.answers, async (ctx, { params, query }) => {
      const prompt = await visiblePrompt(ctx, params.id);
      const cursor = decodeCursor(query.cursor);
      if (query.cursor !== undefined && cursor === null)
        throw validationError({ cursor: INVALID_CURSOR_MESSAGE });
      const rows = await answersPage(ctx.tx, { promptId: prompt.id, cursor, limit: query.limit });
      const page = keysetPage(rows, query.limit, (row) => ({
        at: row.answer.updatedAt.toISOString(),
        id: row.answer.id,
      }));
      return { items: page.rows.map((row) => present(ctx, row)), nextCursor: page.nextCursor };
    });

    tenantRoute(app, VIDEO_PROMPT_ENDPOINTS.userAnswers, async (ctx, { query }) => {
      requireVideoPromptMember(ctx);
      const rows = await answersOfUser(ctx.tx, { hubId: ctx.requireHub().id, userId: query.userId });
      return { items: rows.map((row) => ({ ...present(ctx, row), question: row.question })) };
    });

    route(app, VIDEO_PROMPT_ENDPOINTS.uploadAnswer, async ({ request, params }) => {
      // Refused before the bytes are read when the viewer may not answer.
      const { prompt, region } = await request.tenant(tenantOptions, async (ctx) => {
        const found = await answerablePrompt(ctx, params.id);
        return { prompt: found, region: dataRegionForHubId(found.hubId) };
      });
      const upload = await readUpload(request, {
        maxBytes: VIDEO_PROMPT_LIMITS.videoMaxMegabytes * 1024 * 1024,
        tooLargeMessage: VIDEO_TOO_LARGE_MESSAGE,
        missingMessage: 'Record or choose a video.',
      });
      const type = detectVideo(upload.bytes);
      const posterBytes = posterBytesOf(upload.fields['poster']);
      const poster = posterBytes === null ? null : await processPoster(posterBytes);
      const source = upload.fields['source'] === 'recorded' ? 'recorded' : 'uploaded';
      const video: TStoredObject = {
        region,
        key: randomBytes(16).toString('hex'),
        mimeType: type.mimeType,
        sizeBytes: upload.bytes.length,
      };
      const posterObject: TStoredObject | null =
        poster === null
          ? null
          : {
              region,
              key: randomBytes(16).toString('hex'),
              mimeType: 'image/webp',
              sizeBytes: poster.length,
            };
      // Bytes are written before the transaction (no I/O inside it); a failed transaction removes them again.
      await storage.put(region, video.key, upload.bytes);
      if (posterObject && poster) await storage.put(region, posterObject.key, poster);
      let result;
      try {
        result = await request.tenant(tenantOptions, async (ctx) => {
          const saved = await saveVideoAnswer(ctx, {
            prompt: await answerablePrompt(ctx, prompt.id),
            source,
            video,
            poster: posterObject,
          });
          return { replaced: saved.replaced, answer: await answerResponse(ctx, saved.answer) };
        });
      } catch (error) {
        await removeObjects([video, ...(posterObject ? [posterObject] : [])]);
        throw error;
      }
      await removeObjects(result.replaced);
      return result.answer;
    });

    route(app, VIDEO_PROMPT_ENDPOINTS.linkAnswer, async ({ request, params, body }) => {
      const result = await request.tenant(tenantOptions, async (ctx) => {
        const saved = await saveLinkAnswer(ctx, {
          prompt: await answerablePrompt(ctx, params.id),
          linkUrl: body.linkUrl,
        });
        return { replaced: saved.replaced, answer: await answerResponse(ctx, saved.answer) };
      });
      await removeObjects(result.replaced);
      return result.answer;
    });

    route(app, VIDEO_PROMPT_ENDPOINTS.deleteAnswer, async ({ request, params, query }) => {
      const removed = await request.tenant(tenantOptions, async (ctx) => {
        const prompt = await visiblePrompt(ctx, params.id);
        const viewerId = ctx.requireViewer().user.id;
        const userId = query.userId ?? viewerId;
        if (userId !== viewerId) requireVideoPromptAdmin(ctx);
        return deleteAnswer(ctx, { promptId: prompt.id, userId });
      });
      await removeObjects(removed);
      return undefined;
    });

    route(app, VIDEO_PROMPT_ENDPOINTS.file, async ({ request, reply, params }) => {
      const file = await request.tenant(tenantOptions, async (ctx) => {
        requireVideoPromptMember(ctx);
        const files = await findAnswerFiles(ctx.tx, {
          hubId: ctx.requireHub().id,
          answerId: params.answerId,
        });
        return params.file === 'video' ? files?.video : files?.poster;
      });
      const bytes = file
        ? await storage.get(file.region as Parameters<typeof storage.get>[0], file.storageKey)
        : null;
      if (!file || !bytes) throw notFound('Video');
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', `inline; filename="${file.originalName.replace(/[^\w.-]/g, '_')}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    });

    // ---- Admin (manage-pathways) ----

    tenantRoute(app, VIDEO_PROMPT_ENDPOINTS.create, async (ctx, { body }) => {
      requireVideoPromptAdmin(ctx);
      const row = await createVideoPrompt(ctx, body);
      const [presented] = await presentPrompts(ctx, [row]);
      if (!presented) throw new Error('prompt not presented');
      return presented;
    });

    tenantRoute(app, VIDEO_PROMPT_ENDPOINTS.update, async (ctx, { params, body }) => {
      requireVideoPromptAdmin(ctx);
      const row = await updateVideoPrompt(ctx, { id: params.id, body });
      const [presented] = await presentPrompts(ctx, [row]);
      if (!presented) throw new Error('prompt not presented');
      return presented;
    });

    route(app, VIDEO_PROMPT_ENDPOINTS.remove, async ({ request, params }) => {
      const removed = await request.tenant(tenantOptions, async (ctx) => {
        requireVideoPromptAdmin(ctx);
        return deleteVideoPrompt(ctx, params.id);
      });
      await removeObjects(removed);
      return undefined;
    });
  };
}
