import { CAREER_PATH_LIMITS, SALARY_RANGE_MESSAGE } from '@commons/domain';
import { z } from 'zod';
import { multiLineText, singleLineText, ZId, ZIsoDateTime, ZPageQuery, zPage, ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Career paths (issue #20 item 2): the cluster's catalogue, browsed and searched at {hubPath}/career-paths,
 * favourited by members, managed by hub admins with manage-career-paths (spec 6).
 */

const ZListItem = singleLineText()
  .min(1)
  .max(CAREER_PATH_LIMITS.listItemMax, `Keep each entry to ${CAREER_PATH_LIMITS.listItemMax} characters.`);
const ZList = z
  .array(ZListItem)
  .max(CAREER_PATH_LIMITS.listItemsMax, `List at most ${CAREER_PATH_LIMITS.listItemsMax} entries.`);
const ZSalary = z.number().int().min(0).max(CAREER_PATH_LIMITS.salaryMax).nullable();

/** A career path as members and admins see it, with the viewer's favourite and abilities. */
export const ZCareerPath = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  typicalRoles: z.array(z.string()),
  skills: z.array(z.string()),
  education: z.string(),
  salaryMin: z.number().int().nullable(),
  salaryMax: z.number().int().nullable(),
  salaryCurrency: z.string(),
  /** The salary range as text ("$60,000 – $95,000 a year"), or null without one. */
  salaryText: z.string().nullable(),
  industries: z.array(z.string()),
  jobFunctions: z.array(z.string()),
  /** The embeddable address of the path's video (an approved host of spec 5 Embedded frames), or null. */
  videoUrl: z.string().nullable(),
  isArchived: z.boolean(),
  isFavorite: z.boolean(),
  /** The favourite button's words by the hub's career-path-favorite-cta-copy variant (spec 6). */
  favoriteLabel: z.string(),
  updatedAt: ZIsoDateTime,
  can: z.object({ favorite: z.boolean(), edit: z.boolean() }),
});
export type TCareerPath = z.infer<typeof ZCareerPath>;

export const ZCareerPathsQuery = ZPageQuery.extend({
  /** Full-text search over title, description, roles, skills, industries and job functions. */
  q: z.string().trim().max(200).default(''),
  /** Only the viewer's favourites. */
  favorites: z.enum(['true', 'false']).default('false'),
});
export type TCareerPathsQuery = z.input<typeof ZCareerPathsQuery>;

export const ZCareerPathsResponse = zPage(ZCareerPath).extend({
  /** Whether the viewer may add, edit and archive career paths (manage-career-paths). */
  can: z.object({ manage: z.boolean() }),
});
export type TCareerPathsResponse = z.infer<typeof ZCareerPathsResponse>;

/** Managing: active or archived career paths. */
export const ZCareerPathsAdminQuery = ZPageQuery.extend({
  status: z.enum(['active', 'archived']).default('active'),
  q: z.string().trim().max(200).default(''),
});
export type TCareerPathsAdminQuery = z.input<typeof ZCareerPathsAdminQuery>;

/** An alumnus whose careerPathExpertise names a career path (the career path page, the home's widget). */
export const ZCareerPathAlumnus = z.object({
  id: ZId,
  identifier: z.string(),
  fullName: z.string(),
  headline: z.string().nullable(),
  photoUrl: z.string().nullable(),
  userTypeTitle: z.string().nullable(),
  /** The career paths of theirs that matched. */
  careerPaths: z.array(z.string()),
});
export type TCareerPathAlumnus = z.infer<typeof ZCareerPathAlumnus>;

export const ZCareerPathResponse = z.object({ careerPath: ZCareerPath });
export type TCareerPathResponse = z.infer<typeof ZCareerPathResponse>;

export const ZCareerPathDetailResponse = z.object({
  careerPath: ZCareerPath,
  /** Alumni of the hub who name this career path as their expertise (at most 12). */
  alumni: z.array(ZCareerPathAlumnus),
});
export type TCareerPathDetailResponse = z.infer<typeof ZCareerPathDetailResponse>;

/** The titles of the active catalogue, for the profile's careerPathExpertise picker. */
export const ZCareerPathTitlesResponse = z.object({ titles: z.array(z.string()) });
export type TCareerPathTitlesResponse = z.infer<typeof ZCareerPathTitlesResponse>;

const careerPathFields = {
  title: singleLineText()
    .min(1, 'Enter a title.')
    .max(CAREER_PATH_LIMITS.titleMax, `Keep the title to ${CAREER_PATH_LIMITS.titleMax} characters.`),
  description: multiLineText()
    .min(1, 'Enter a description.')
    .max(
      CAREER_PATH_LIMITS.descriptionMax,
      `Keep the description to ${CAREER_PATH_LIMITS.descriptionMax} characters.`,
    ),
  typicalRoles: ZList,
  skills: ZList,
  education: multiLineText().max(
    CAREER_PATH_LIMITS.educationMax,
    `Keep the education to ${CAREER_PATH_LIMITS.educationMax} characters.`,
  ),
  salaryMin: ZSalary,
  salaryMax: ZSalary,
  industries: ZList,
  jobFunctions: ZList,
  /** A video link; the server keeps approved embed hosts only (spec 5 Embedded frames). */
  videoUrl: z.string().trim().max(2048).nullable(),
};

const salaryOrdered = (value: { salaryMin?: number | null; salaryMax?: number | null }) =>
  value.salaryMin === null ||
  value.salaryMin === undefined ||
  value.salaryMax === null ||
  value.salaryMax === undefined ||
  value.salaryMin <= value.salaryMax;

export const ZCareerPathRequest = z
  .object({
    ...careerPathFields,
    typicalRoles: ZList.default([]),
    skills: ZList.default([]),
    education: careerPathFields.education.default(''),
    salaryMin: ZSalary.default(null),
    salaryMax: ZSalary.default(null),
    industries: ZList.default([]),
    jobFunctions: ZList.default([]),
    videoUrl: careerPathFields.videoUrl.default(null),
  })
  .refine(salaryOrdered, { message: SALARY_RANGE_MESSAGE, path: ['salaryMax'] });
export type TCareerPathRequest = z.input<typeof ZCareerPathRequest>;

export const ZUpdateCareerPathRequest = z
  .object(careerPathFields)
  .partial()
  .refine(salaryOrdered, { message: SALARY_RANGE_MESSAGE, path: ['salaryMax'] });
export type TUpdateCareerPathRequest = z.input<typeof ZUpdateCareerPathRequest>;

export const ZCareerPathParams = z.object({ id: ZUuid });

const MEMBER = { auth: 'required', hub: 'required', tag: 'career-paths' } as const;

/** Career path endpoints (issue #20 item 5: /api/career-paths). */
export const CAREER_PATH_ENDPOINTS = {
  list: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/career-paths',
    operationId: 'listCareerPaths',
    summary: 'Browse and search the active career paths ({hubPath}/career-paths), by title',
    description:
      'Keyset pages by title; `q` searches title, description, roles, skills, industries and job functions ' +
      '(full text); `favorites=true` lists the viewer’s favourites. 403 while the hub’s career paths are off.',
    query: ZCareerPathsQuery,
    response: ZCareerPathsResponse,
    errors: [400, 401, 403, 404],
  }),
  titles: defineEndpoint({
    auth: 'required',
    hub: 'none',
    tag: 'career-paths',
    method: 'GET',
    path: '/api/career-paths/titles',
    operationId: 'listCareerPathTitles',
    summary: 'The active catalogue’s titles, for the profile’s career path expertise picker',
    response: ZCareerPathTitlesResponse,
    errors: [401],
  }),
  get: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/career-paths/:id',
    operationId: 'getCareerPath',
    summary: 'One career path with the hub’s alumni who name it as their expertise',
    params: ZCareerPathParams,
    response: ZCareerPathDetailResponse,
    errors: [400, 401, 403, 404],
  }),
  favorite: defineEndpoint({
    ...MEMBER,
    method: 'PUT',
    path: '/api/career-paths/:id/favorite',
    operationId: 'favoriteCareerPath',
    summary: 'Favourite a career path (idempotent); completes the favorite_career_paths action item',
    params: ZCareerPathParams,
    response: ZCareerPathResponse,
    errors: [400, 401, 403, 404],
  }),
  unfavorite: defineEndpoint({
    ...MEMBER,
    method: 'DELETE',
    path: '/api/career-paths/:id/favorite',
    operationId: 'unfavoriteCareerPath',
    summary: 'Remove a career path from the viewer’s favourites (idempotent)',
    params: ZCareerPathParams,
    response: ZCareerPathResponse,
    errors: [400, 401, 403, 404],
  }),
};

/** Managing the catalogue (hub admins with manage-career-paths; cluster and super admins). */
export const CAREER_PATH_ADMIN_ENDPOINTS = {
  list: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/career-paths/admin/list',
    operationId: 'listCareerPathsForAdmins',
    summary: 'Active or archived career paths, by title, for managing',
    query: ZCareerPathsAdminQuery,
    response: ZCareerPathsResponse,
    errors: [400, 401, 403, 404],
  }),
  create: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/career-paths',
    operationId: 'createCareerPath',
    summary: 'Add a career path to the cluster’s catalogue',
    body: ZCareerPathRequest,
    response: ZCareerPathResponse,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  update: defineEndpoint({
    ...MEMBER,
    method: 'PATCH',
    path: '/api/career-paths/:id',
    operationId: 'updateCareerPath',
    summary: 'Edit a career path',
    params: ZCareerPathParams,
    body: ZUpdateCareerPathRequest,
    response: ZCareerPathResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  archive: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/career-paths/:id/archive',
    operationId: 'archiveCareerPath',
    summary: 'Archive a career path: members no longer see it; favourites are kept for a restore',
    params: ZCareerPathParams,
    response: ZCareerPathResponse,
    errors: [400, 401, 403, 404],
  }),
  restore: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/career-paths/:id/restore',
    operationId: 'restoreCareerPath',
    summary: 'Bring an archived career path back',
    params: ZCareerPathParams,
    response: ZCareerPathResponse,
    errors: [400, 401, 403, 404, 409],
  }),
};
