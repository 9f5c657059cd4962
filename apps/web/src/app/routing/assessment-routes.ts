/**
 * The route pages of the career assessment and video prompts (issue #20 items 3 and 4). The route table imports
 * this small module lazily and it imports each page in turn, so these pages cost the app's first JavaScript one
 * entry instead of one each (issue #17's budget), as advising-routes.ts does for advising.
 */
import { lazyPage } from '../lazy-page';

/** Each page's loader, as React Router's `lazy` wants it. */
export const assessmentRoutePages = {
  list: lazyPage(() => import('../../features/assessments/pages/assessments-page'), 'AssessmentsPage'),
  assessment: lazyPage(() => import('../../features/assessments/pages/assessment-page'), 'AssessmentPage'),
  videoPrompts: lazyPage(
    () => import('../../features/video-prompts/pages/video-prompts-page'),
    'VideoPromptsPage',
  ),
  videoPrompt: lazyPage(
    () => import('../../features/video-prompts/pages/video-prompt-page'),
    'VideoPromptPage',
  ),
  admin: lazyPage(
    () => import('../../features/assessments/pages/assessments-admin-page'),
    'AssessmentsAdminPage',
  ),
};
export type TAssessmentRoutePage = keyof typeof assessmentRoutePages;
