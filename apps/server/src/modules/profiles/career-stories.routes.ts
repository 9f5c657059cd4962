import { randomBytes } from 'node:crypto';
import {
  CAREER_STORY_AUDIO_MAX_BYTES,
  CAREER_STORY_PATHS,
  ZCareerAdviceResponse,
  ZCareerStoryAudioParams,
  ZCareerStoryAudioQuery,
  ZCareerStoryItem,
  ZCareerStoryPromptParams,
  ZErrorBody,
  ZPutCareerStoriesRequest,
} from '@commons/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../app-deps.js';
import { careerStories } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { regionOf } from '../files/files.routes.js';
import { readUpload } from '../files/uploads.js';
import { detectAudio } from './career-stories.audio.js';
import {
  assertMyCareerStoryPrompt,
  putMyCareerStories,
  removeMyCareerStoryAudio,
  setMyCareerStoryAudio,
  storedAudio,
} from './career-stories.commands.js';
import { loadViewedProfile } from './profiles.access.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody };
const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
};

/** Career stories of issue #4 (spec 2 careerAdvice, spec 3 Career story item): text, link and audio answers. */
export function careerStoryRoutes(deps: Pick<TAppDeps, 'storage'>): FastifyPluginAsyncZod {
  const { storage } = deps;
  return async (app) => {
    app.put(
      CAREER_STORY_PATHS.mine,
      {
        schema: {
          tags: ['profiles'],
          summary:
            'Set the text and link of my career stories by prompt id (audio stays; an answer left empty is removed)',
          body: ZPutCareerStoriesRequest,
          response: { 200: ZCareerAdviceResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant({ auth: 'required' }, async (ctx) => ({
          careerAdvice: await putMyCareerStories(ctx, request.body),
        })),
    );

    app.post(
      CAREER_STORY_PATHS.myAudio,
      {
        schema: {
          tags: ['profiles'],
          summary:
            'Upload the audio answer to a career story prompt (WebM, Ogg, MP3 or M4A, 10 MB at most; field "file"; recorded=true when recorded in the browser)',
          consumes: ['multipart/form-data'],
          params: ZCareerStoryPromptParams,
          querystring: ZCareerStoryAudioQuery,
          response: { 200: z.object({ item: ZCareerStoryItem }), ...errors },
        },
      },
      async (request) => {
        const { promptId } = request.params;
        // Refused early (before the bytes are read) when the prompt or the user type does not allow it.
        const region = await request.tenant({ auth: 'required' }, async (ctx) => {
          await assertMyCareerStoryPrompt(ctx, promptId);
          return regionOf(ctx);
        });
        const upload = await readUpload(request, { maxBytes: CAREER_STORY_AUDIO_MAX_BYTES, tooLargeMessage: 'The audio file must be 10 MB or smaller.' });
        const type = detectAudio(upload.bytes);
        const key = randomBytes(16).toString('hex');
        // Bytes are written before the transaction (no I/O inside it); a failed transaction removes them again.
        await storage.put(region, key, upload.bytes);
        let result;
        try {
          result = await request.tenant({ auth: 'required' }, (ctx) =>
            setMyCareerStoryAudio(ctx, {
              promptId,
              audio: { region, key },
              mimeType: type.mimeType,
              sizeBytes: upload.bytes.length,
              isRecorded: request.query.recorded === 'true',
            }),
          );
        } catch (error) {
          await storage.remove(region, key);
          throw error;
        }
        if (result.replaced) await storage.remove(result.replaced.region, result.replaced.key);
        return { item: result.item };
      },
    );

    app.delete(
      CAREER_STORY_PATHS.myAudio,
      {
        schema: {
          tags: ['profiles'],
          summary: 'Delete the audio answer of one of my career stories',
          params: ZCareerStoryPromptParams,
          response: { 200: ZCareerAdviceResponse, ...errors },
        },
      },
      async (request) => {
        const result = await request.tenant({ auth: 'required' }, (ctx) =>
          removeMyCareerStoryAudio(ctx, request.params.promptId),
        );
        await storage.remove(result.removed.region, result.removed.key);
        return { careerAdvice: result.careerAdvice };
      },
    );

    app.get(
      CAREER_STORY_PATHS.audio,
      {
        schema: {
          tags: ['profiles'],
          summary:
            'The audio answer of a career story, for those who may see the profile’s career advice (bearer token)',
          params: ZCareerStoryAudioParams,
          produces: Object.keys(EXTENSIONS),
        },
      },
      async (request, reply) => {
        const row = await request.tenant({ auth: 'required' }, async (ctx) => {
          const { record, access } = await loadViewedProfile(ctx, request.params.identifier);
          if (!access.sections.has('careerAdvice')) throw notFound('Audio');
          const [found] = await ctx.tx
            .select()
            .from(careerStories)
            .where(
              and(
                eq(careerStories.userId, record.user.id),
                eq(careerStories.promptId, request.params.promptId),
                isNotNull(careerStories.audioKey),
              ),
            )
            .limit(1);
          return found;
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
      },
    );
  };
}
