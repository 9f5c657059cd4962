import { ZCareerStoryHubSettings, type THubSettings, type TCareerStoryPromptDto } from '@commons/contract';
import { areCareerStoriesVisible, DEFAULT_CAREER_STORY_PROMPTS } from '@commons/domain';
import type { userTypes } from '../../db/schema/index.js';

type TUserTypeRow = typeof userTypes.$inferSelect;

/** The hub's career story settings (`moduleSettings.careerStories`); a malformed value counts as none. */
export function careerStoryHubSettings(settings: THubSettings | null) {
  const parsed = ZCareerStoryHubSettings.safeParse(settings?.moduleSettings.careerStories ?? {});
  return parsed.success ? parsed.data : {};
}

/** The prompts a hub asks: its own list when its settings name one, else the domain defaults. */
export function careerStoryPrompts(settings: THubSettings | null): TCareerStoryPromptDto[] {
  return careerStoryHubSettings(settings).prompts ?? DEFAULT_CAREER_STORY_PROMPTS.map((p) => ({ ...p }));
}

const EMPLOYER_TITLE = /corporate partner|employer/i;
const RESTRICTED_TITLE = /restricted/i;

/**
 * Whether members of a user type may have career stories (spec 6): hidden for Corporate Partner, Employer
 * and Restricted types unless the type (`isCareerStoriesEnabled`) or the hub enables them; a type set to
 * false never has them. Types are recognised by their standard type or, for custom names, their title.
 */
export function mayHaveCareerStories(userType: TUserTypeRow | null, settings: THubSettings | null): boolean {
  if (userType?.isCareerStoriesEnabled === false) return false;
  const isEmployer =
    userType !== null &&
    (userType.standardUserType === 'Corporate Partner & Employer' || EMPLOYER_TITLE.test(userType.title));
  return areCareerStoriesVisible({
    standardUserType: isEmployer ? 'corporatePartnerEmployer' : 'alumni',
    isRestricted: userType !== null && RESTRICTED_TITLE.test(userType.title),
    isEnabledByConfiguration:
      userType?.isCareerStoriesEnabled === true ||
      careerStoryHubSettings(settings).isEnabledForAllUserTypes === true,
  });
}
