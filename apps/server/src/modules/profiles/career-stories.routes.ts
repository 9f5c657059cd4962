import { randomBytes } from 'node:crypto';
import { CAREER_STORY_AUDIO_MAX_BYTES, CAREER_STORY_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { notFound } from '../../lib/app-error.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { readUpload, regionOf } from '../files/uploads.js';
import { detectAudio } from './career-stories.audio.js';
import {
  assertMyCareerStoryPrompt,
  putMyCareerStories,
  removeMyCareerStoryAudio,
  setMyCareerStoryAudio,
  storedAudio,
} from './career-stories.commands.js';
import { findCareerStoryWithAudio } from './career-stories.queries.js';
import { loadViewedProfile } from './profiles.access.js';

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
};

/**
 * Career stories of issue #4 (spec 2 careerAdvice, spec 3 Career story item): text, link and audio answers.
 * Audio bytes are read and stored outside the tenant transactions (no I/O inside one), so the audio
 * endpoints use route() and open their transactions themselves.
 */
export function careerStoryRoutes(deps: Pick<TAppDeps, 'storage'>): FastifyPluginAsync {
  const { storage } = deps;
  const tenantOptions = tenantOptionsOf(CAREER_STORY_ENDPOINTS.saveMine);
  return async (app) => {
    tenantRoute(app, CAREER_STORY_ENDPOINTS.saveMine, async (ctx, { body }) => ({
      careerAdvice: await putMyCareerStories(ctx, body),
    }));

    route(app, CAREER_STORY_ENDPOINTS.uploadMyAudio, async ({ request, params, query }) => {
      const { promptId } = params;
      // Refused early (before the bytes are read) when the prompt or the user type does not allow it.
      const region = await request.tenant(tenantOptions, async (ctx) => {
        await assertMyCareerStoryPrompt(ctx, promptId);
        return regionOf(ctx);
      });
      const upload = await readUpload(request, {
        maxBytes: CAREER_STORY_AUDIO_MAX_BYTES,
        tooLargeMessage: 'The audio file must be 10 MB or smaller.',
      });
      const type = detectAudio(upload.bytes);
      const key = randomBytes(16).toString('hex');
      // Bytes are written before the transaction (no I/O inside it); a failed transaction removes them again.
      await storage.put(region, key, upload.bytes);
      let result;
      try {
        result = await request.tenant(tenantOptions, (ctx) =>
          setMyCareerStoryAudio(ctx, {
            promptId,
            audio: { region, key },
            mimeType: type.mimeType,
            sizeBytes: upload.bytes.length,
            isRecorded: query.recorded === 'true',
          }),
        );
      } catch (error) {
        await storage.remove(region, key);
        throw error;
      }
      if (result.replaced) await storage.remove(result.replaced.region, result.replaced.key);
      return { item: result.item };
    });

    route(app, CAREER_STORY_ENDPOINTS.deleteMyAudio, async ({ request, params }) => {
      const result = await request.tenant(tenantOptions, (ctx) =>
        removeMyCareerStoryAudio(ctx, params.promptId),
      );
      await storage.remove(result.removed.region, result.removed.key);
      return { careerAdvice: result.careerAdvice };
    });

    route(app, CAREER_STORY_ENDPOINTS.audio, async ({ request, reply, params }) => {
      const row = await request.tenant(tenantOptions, async (ctx) => {
        const { record, access } = await loadViewedProfile(ctx, params.identifier);
        if (!access.sections.has('careerAdvice')) throw notFound('Audio');
        return findCareerStoryWithAudio(ctx, { userId: record.user.id, promptId: params.promptId });
      });
      const audio = storedAudio(row);
      const bytes = audio ? await storage.get(audio.region, audio.key) : null;
      if (!row || !bytes) throw notFound('Audio');
      const mimeType = row.audioMimeType ?? 'application/octet-stream';
      return reply
        .header('content-type', mimeType)
        .header('content-disposition', `inline; filename="career-story.${EXTENSIONS[mimeType] ?? 'bin'}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    });
  };
}
