import { DIRECTORY_PATHS, ZDirectoryQuery, ZDirectoryResponse, ZErrorBody, ZMentionsQuery, ZMentionsResponse } from '@commons/contract';
import { mentionSearchTerm } from '@commons/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireDirectoryAccess } from './directory.policy.js';
import { searchDirectory, searchMentions } from './directory.queries.js';

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
};
