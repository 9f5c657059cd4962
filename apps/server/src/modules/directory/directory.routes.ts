import {
  DIRECTORY_PATHS,
  ZDirectoryQuery,
  ZDirectoryResponse,
  ZErrorBody,
  ZMentionsQuery,
  ZMentionsResponse,
  ZProfileParams,
  ZSimilarPeopleResponse,
} from '@commons/contract';
import { mentionSearchTerm } from '@commons/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireDirectoryAccess } from './directory.policy.js';
import { and, eq } from 'drizzle-orm';
import { directoryEntries } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { profileAccess } from '../profiles/profiles.policy.js';
import { findProfile } from '../profiles/profiles.queries.js';
import { rankPeopleByOverlap, searchDirectory, searchMentions } from './directory.queries.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** People directory and the mention lookup of spec 7 (issue #4 item 6). */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    DIRECTORY_PATHS.search,
    {
      schema: {
        tags: ['directory'],
        summary: 'Search the approved, visible members of the hub (x-hub-id), with facets',
        querystring: ZDirectoryQuery,
        response: { 200: ZDirectoryResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'required' }, async (ctx) =>
        searchDirectory(ctx.tx, { hubId: requireDirectoryAccess(ctx), query: request.query }),
      ),
  );

  app.get(
    DIRECTORY_PATHS.mentions,
    {
      schema: {
        tags: ['directory'],
        summary: 'People to mention: letters, spaces, Å, Ä, Ö and hyphen only (spec 5 Mention search)',
        querystring: ZMentionsQuery,
        response: { 200: ZMentionsResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => {
        const hubId = requireDirectoryAccess(ctx);
        const term = mentionSearchTerm(request.query.q);
        if (!term) return { items: [] };
        return { items: await searchMentions(ctx.tx, { hubId, term, excludeUserId: ctx.requireViewer().user.id }) };
      }),
  );

  app.get(
    DIRECTORY_PATHS.similar,
    {
      schema: {
        tags: ['directory'],
        summary: 'Members of the hub most like this person (shared industries, companies, majors, help topics)',
        params: ZProfileParams,
        response: { 200: ZSimilarPeopleResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => {
        const hubId = requireDirectoryAccess(ctx);
        const record = await findProfile(ctx.tx, request.params.identifier === 'me' ? ctx.requireViewer().user.identifier : request.params.identifier);
        if (!record || !profileAccess(ctx, record)) throw notFound('Profile');
        const [entry] = await ctx.tx
          .select()
          .from(directoryEntries)
          .where(and(eq(directoryEntries.hubId, hubId), eq(directoryEntries.userId, record.user.id)))
          .limit(1);
        if (!entry) return { items: [] };
        return {
          items: await rankPeopleByOverlap(ctx.tx, {
            hubId,
            excludeUserId: record.user.id,
            industries: entry.industries,
            helpTopics: entry.helpTopics,
            majors: entry.majors,
            companies: entry.companies,
          }),
        };
      }),
  );
};
