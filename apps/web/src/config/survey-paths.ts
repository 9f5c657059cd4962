/**
 * Surveys (issue #22 item 3): the route patterns of the admin pages (right surveys) and of the member's pages,
 * with their builders, kept here (as admin-data-paths.ts does) so only the pages that link to them load them.
 */
import { HUB_SEGMENT } from '@commons/contract';

/** Route patterns under the hub's routes. */
export const SURVEY_ROUTES = {
  /** The hub's surveys with their status and response counts. */
  admin: 'site-admin/surveys',
  /** The builder of a new survey. */
  adminNew: 'site-admin/surveys/new',
  /** The builder of a survey nobody has answered yet. */
  adminEdit: 'site-admin/surveys/:surveyId/edit',
  /** One survey's results per question, with the CSV download. */
  adminResults: 'site-admin/surveys/:surveyId/results',
  /** The open surveys addressed to the viewer. */
  mine: 'surveys',
  /** Answering one survey. */
  answer: 'surveys/:surveyId',
} as const;

const hubChild = (identifier: string, child: string) =>
  `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/${child}`;

/** Builders of the surveys' URLs. */
export const surveyPaths = {
  admin: (identifier: string) => hubChild(identifier, SURVEY_ROUTES.admin),
  adminNew: (identifier: string) => hubChild(identifier, SURVEY_ROUTES.adminNew),
  adminEdit: (identifier: string, surveyId: string) =>
    hubChild(identifier, `site-admin/surveys/${encodeURIComponent(surveyId)}/edit`),
  adminResults: (identifier: string, surveyId: string) =>
    hubChild(identifier, `site-admin/surveys/${encodeURIComponent(surveyId)}/results`),
  mine: (identifier: string) => hubChild(identifier, SURVEY_ROUTES.mine),
  answer: (identifier: string, surveyId: string) =>
    hubChild(identifier, `surveys/${encodeURIComponent(surveyId)}`),
};
