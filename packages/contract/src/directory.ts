import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, ZId } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZProfileParams } from './profiles.js';

const ZStringList = z.array(z.string().trim().min(1).max(120)).max(20).default([]);

/** GET /api/directory: arrays arrive as key[] (spec 7). */
export const ZDirectoryQuery = z.object({
  q: z.string().trim().max(200).optional(),
  userType: ZStringList,
  industry: ZStringList,
  graduationYear: z.array(z.coerce.number().int().min(1900).max(2200)).max(20).default([]),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type TDirectoryQuery = z.infer<typeof ZDirectoryQuery>;

export const ZDirectoryPerson = z.object({
  id: ZId,
  identifier: z.string(),
  fullName: z.string(),
  photoUrl: z.string().nullable(),
  headline: z.string().nullable(),
  location: z.string().nullable(),
  userType: z.object({ id: ZId, title: z.string() }).nullable(),
  companies: z.array(z.string()),
  schools: z.array(z.string()),
  majors: z.array(z.string()),
  industries: z.array(z.string()),
  graduationYears: z.array(z.number().int()),
});
export type TDirectoryPerson = z.infer<typeof ZDirectoryPerson>;

export const ZFacetValue = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export const ZDirectoryResponse = z.object({
  items: z.array(ZDirectoryPerson),
  nextCursor: z.string().nullable(),
  facets: z.object({
    userType: z.array(ZFacetValue),
    industry: z.array(ZFacetValue),
    graduationYear: z.array(ZFacetValue),
  }),
});
export type TDirectoryResponse = z.infer<typeof ZDirectoryResponse>;

/** A person ranked by what they share with someone, with the reasons (matching quiz, similar matches). */
export const ZRankedPerson = z.object({
  person: ZDirectoryPerson,
  score: z.number().int(),
  reasons: z.array(z.string()),
});
export const ZSimilarPeopleResponse = z.object({ items: z.array(ZRankedPerson) });

/** spec 7 'user search for mentions': id, identifier, fullname, photoUrl. */
export const ZMentionsQuery = z.object({ q: z.string().max(100).default('') });
export const ZMentionUser = z.object({
  id: ZId,
  identifier: z.string(),
  fullname: z.string(),
  photoUrl: z.string().nullable(),
});
export const ZMentionsResponse = z.object({ items: z.array(ZMentionUser) });

/** People directory and the mention lookup of spec 7 (issue #4 item 6). */
export const DIRECTORY_ENDPOINTS = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/directory',
    operationId: 'searchDirectory',
    summary: 'Search the approved, visible members of the hub (x-hub-id), with facets',
    tag: 'directory',
    query: ZDirectoryQuery,
    response: ZDirectoryResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  mentions: defineEndpoint({
    method: 'GET',
    path: '/api/users/mentions',
    operationId: 'searchMentions',
    summary: 'People to mention: letters, spaces, Å, Ä, Ö and hyphen only (spec 5 Mention search)',
    tag: 'directory',
    query: ZMentionsQuery,
    response: ZMentionsResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  similar: defineEndpoint({
    method: 'GET',
    path: '/api/profiles/:identifier/similar',
    operationId: 'listSimilarPeople',
    summary: 'Members of the hub most like this person (shared industries, companies, majors, help topics)',
    tag: 'directory',
    params: ZProfileParams,
    response: ZSimilarPeopleResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
};
/** Directory paths still called by hand outside the directory feature (mention pickers). */
export const DIRECTORY_PATHS = {
  search: DIRECTORY_ENDPOINTS.search.path,
  mentions: DIRECTORY_ENDPOINTS.mentions.path,
  similar: DIRECTORY_ENDPOINTS.similar.path,
} as const;
