import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_TAGS, HEADERS, type TApiTag } from '@commons/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { TRouteConfig } from '../plugins/route.js';

/** One line per tag of the OpenAPI document. */
const TAG_DESCRIPTIONS: Record<TApiTag, string> = {
  account: 'Account settings, password and email changes, deletion and data export.',
  admin: 'Hub administration.',
  advising: 'Advisers, topics, quick booking on free time, appointments and advising reports.',
  approvals: 'The hub approval queue of new members.',
  assessments: 'Career assessments (PathwayU): configuration, signed launches and the results webhook.',
  auth: 'Sign-up, sign-in, sessions and sign-in links.',
  'career-paths': 'The cluster’s career path catalogue: browse, search, favourites and managing it.',
  dev: 'Tools for developers and super admins.',
  directory: 'The people directory of a hub.',
  discussions: 'Questions, answers, comments and votes.',
  'email-response': 'Replies to conversation emails.',
  events: 'Events, registrations and calendar feeds.',
  'experiential-learning': 'Experiential learning: interests, opportunities and participation reports.',
  feed: 'Hub and group feeds and announcements.',
  files: 'Profile photos and documents.',
  'group-admin': 'Tools of group, program and organization admins.',
  groups: 'Groups, mentorship programs and organizations.',
  health: 'Liveness and readiness of the server.',
  hubs: 'Hubs and their public pages.',
  inbox: 'Conversations, messages and attachments.',
  jobs: 'The job and project board: posts, applications, saved jobs, alerts and settings.',
  meetings: 'Meetings, availability and calendar feeds.',
  moderation: 'Reports and the moderation queue.',
  notifications: 'Notifications and email preferences.',
  pathways: 'Pathways: forms of sections and steps, members’ progress, the library and the review queue.',
  profiles: 'Profiles, career stories and profile questions.',
  programs: 'Mentorship program registration, matching and health.',
  realtime: 'Realtime tokens and presence settings.',
  resources: 'Resources, the business directory and link previews.',
  'rich-text': 'Images and link previews of the rich-text editor.',
  signup: 'Onboarding steps and the first-time matching quiz.',
  'video-prompts': 'Video prompts: questions answered by recorded, uploaded or linked videos.',
};

/**
 * The OpenAPI 3.1 document at /api/openapi.json and its reference page at /api/docs, generated from the
 * endpoints of packages/contract (operationId, summary, tag, schemas, documented 4xx) registered with
 * route(); the x-hub-id header is documented where the endpoint reads it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Commons API',
        version: '0.1.0',
        description: 'Every request and response schema comes from packages/contract.',
        // The repository has no LICENSE yet, which by law means all rights reserved; the document says so
        // rather than claim a licence nobody chose. Change it here and in a LICENSE file together.
        license: {
          name: 'All rights reserved (no licence chosen yet)',
          url: 'https://choosealicense.com/no-permission/',
        },
      },
      servers: [{ url: '/', description: 'This deployment' }],
      tags: API_TAGS.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const config = input.route.config as Partial<TRouteConfig> | undefined;
      let schema = result.schema;
      if (config?.fileAnswer) {
        // A file answer has no JSON schema to serialise with; the document still names its media types.
        const file = { schema: { type: 'string', format: 'binary' } };
        const content = Object.fromEntries(config.fileAnswer.produces.map((type) => [type, file]));
        const response = (schema.response ?? {}) as Record<string, unknown>;
        schema = {
          ...schema,
          response: { ...response, [config.fileAnswer.status]: { description: 'The file', content } },
        };
      }
      if (config?.isNoContent) {
        const response = (schema.response ?? {}) as Record<string, unknown>;
        schema = { ...schema, response: { ...response, 204: { description: 'Done; no content' } } };
      }
      const hub = config?.hub;
      if (hub === 'required' || hub === 'optional') {
        const header = {
          type: 'string',
          description: 'The hub of the request: its numeric id or identifier (spec 7).',
        };
        schema = {
          ...schema,
          headers: {
            type: 'object',
            properties: { [HEADERS.hubId]: header },
            ...(hub === 'required' ? { required: [HEADERS.hubId] } : {}),
          },
        };
      }
      return { ...result, schema };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: (h) => h });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
