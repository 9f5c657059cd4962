/**
 * Path builders of the career assessment and video prompts (issue #20 items 3 and 4). Their route patterns are in
 * paths.ts ROUTES (the route table needs them at start); the builders live here so only the pages that link to
 * them load them, as config/advising-paths.ts does for advising.
 */
import { HUB_SEGMENT, webPaths } from '@commons/contract';
import { ROUTES } from './paths';

function hubChild(identifier: string, child: string): string {
  return `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/${child}`;
}

/** Builders of the assessment and video prompt URLs. */
export const assessmentPaths = {
  /** The hub's assessments ('PathwayU'): the complete_pathwayu_assessment action item leads here. */
  list: webPaths.hub.careerAssessments,
  /** One assessment (spec 2 {hubPath}/career-assessment/{assessmentSlug}). */
  assessment: webPaths.hub.careerAssessment,
  /** The assessments' admin screen (right manage-career-paths). */
  admin: (identifier: string) => hubChild(identifier, ROUTES.hubChildren.siteAdminCareerAssessments),
  /** A video prompt (spec 2 {hubPath}/video-prompt/{id}), with one member's answer (userId). */
  videoPrompt: webPaths.hub.videoPrompt,
  /** The hub's video prompts (admins with manage-pathways add them there). */
  videoPrompts: (identifier: string) => hubChild(identifier, ROUTES.hubChildren.videoPrompts),
};
