import type {
  TCareerStoryPromptDto,
  TProfile,
  TProfileCustomFieldsSection,
  TStandardUserType,
} from '@commons/contract';
import {
  durationText,
  isAdditionalInfoPresent,
  isProfilePhotoPresent,
  PROFILE_HEALTH_ATTRIBUTE_SECTION,
  PROFILE_HEALTH_ATTRIBUTES,
  PROFILE_HEALTH_WEIGHTS,
  profileScore,
  workHistoryCompany,
  type TProfileHealthAttribute,
} from '@commons/domain';
import { presentCareerAdvice } from './career-stories.presenter.js';
import type { TProfileAccess } from './profiles.policy.js';
import type { TProfileRecord } from './profiles.queries.js';

/**
 * The owner's dynamic profile (spec 3 dynamicProfile): the hub whose profile questions they answer and
 * whether the answers complete it (isDynamicProfileComplete). Null when that hub has the dynamic profile
 * off or asks no question: the attribute is then not applicable.
 */
export type TDynamicProfile = { hubId: number; isComplete: boolean } | null;

/**
 * The profile's hub custom fields (issue #22 item 1): the section shown and, per field asked of the owner's
 * user type, whether it is required and answered (profile health additionalInfo). Null without a hub.
 */
export type TProfileCustomFields = {
  section: TProfileCustomFieldsSection;
  health: Array<{ isRequired: boolean; isAnswered: boolean }>;
} | null;

/**
 * Profile health (spec 3 weights, spec 9 score): the score and the missing attributes with weights.
 * Applicable are the attributes the owner can fill in: helpOffer when their user type offers help,
 * dynamicProfile when their hub asks profile questions, and none whose section their user type hides.
 */
export function profileHealth(
  record: TProfileRecord,
  options: {
    canOfferHelp: boolean;
    dynamicProfile: TDynamicProfile;
    visibleSections: ReadonlySet<string>;
    customFields?: TProfileCustomFields;
  },
): TProfile['sections']['health'] {
  const { user } = record;
  const helpOffer =
    record.memberships.some((m) => m.membership.helpOffer.length > 0) || user.helpTopics.length > 0;
  const present: Record<TProfileHealthAttribute, boolean> = {
    headline: Boolean(user.headline?.trim()),
    about: Boolean(user.about?.trim()),
    photoUrl: isProfilePhotoPresent({ photoUrl: user.photoUrl }),
    careerPathExpertise: user.careerPathExpertise.length > 0,
    location: Boolean(user.location?.trim()),
    schools: record.schools.length > 0,
    workHistory: record.workHistory.length > 0,
    helpOffer,
    // spec 3 additionalInfo: the hub's required fields answered, else any answer or item of the owner's own.
    additionalInfo: isAdditionalInfoPresent({
      fields: options.customFields?.health ?? [],
      hasOwnItem: user.additionalInfo.some((i) => i.value.trim() !== ''),
    }),
    demographicInfo: Object.values(user.demographicInfo).some((v) => v.trim() !== ''),
    dynamicProfile: options.dynamicProfile?.isComplete ?? false,
  };
  const applicable = PROFILE_HEALTH_ATTRIBUTES.filter((a) => {
    const section = PROFILE_HEALTH_ATTRIBUTE_SECTION[a];
    return (
      (a !== 'helpOffer' || options.canOfferHelp) &&
      (a !== 'dynamicProfile' || options.dynamicProfile !== null) &&
      (section === null || options.visibleSections.has(section))
    );
  });
  const presentAttributes = applicable.filter((a) => present[a]);
  return {
    score: profileScore({ presentAttributes, applicableAttributes: applicable }),
    missing: applicable
      .filter((a) => !present[a])
      .map((attribute) => ({ attribute, weight: PROFILE_HEALTH_WEIGHTS[attribute] })),
  };
}

/** The profile with only the sections the viewer may see, and the viewer's abilities. */
export function presentProfile(options: {
  record: TProfileRecord;
  access: TProfileAccess;
  now: Date;
  timeZone: string;
  dynamicProfile: TDynamicProfile;
  careerStoryPrompts: TCareerStoryPromptDto[];
  customFields?: TProfileCustomFields;
}): TProfile {
  const { record, access } = options;
  const { user } = record;
  const userType = access.membership?.userType ?? null;
  const show = (key: Parameters<typeof access.sections.has>[0]) => access.sections.has(key);
  return {
    id: user.id,
    identifier: user.identifier,
    firstName: user.firstName,
    lastName: user.lastName,
    photoUrl: user.photoUrl,
    headline: user.headline,
    userType: userType
      ? {
          id: userType.id,
          title: userType.title,
          standardUserType: userType.standardUserType as TStandardUserType,
        }
      : null,
    sections: {
      ...(show('about') ? { about: { about: user.about, location: user.location } } : {}),
      ...(show('workHistory')
        ? {
            workHistory: record.workHistory.map((w) => ({
              id: w.id,
              role: w.role,
              company: w.company,
              startMonth: w.startMonth,
              startYear: w.startYear,
              endMonth: w.endMonth,
              endYear: w.endYear,
              current: w.isCurrent,
              displayCompany: workHistoryCompany({ company: w.company }),
              durationText: durationText({
                ...w,
                isCurrent: w.isCurrent,
                now: options.now,
                timeZone: options.timeZone,
              }),
            })),
          }
        : {}),
      ...(show('schools')
        ? {
            schools: record.schools.map((s) => ({
              id: s.id,
              schoolName: s.schoolName,
              degreeType: s.degreeType,
              majors: s.majors,
              graduationYear: s.isGraduationYearHidden && !access.isOwner ? null : s.graduationYear,
              isGraduationYearHidden: s.isGraduationYearHidden,
              extraFieldValue: s.extraFieldValue,
              isLocked: s.isLocked,
            })),
          }
        : {}),
      ...(show('help')
        ? { help: { helpTopics: user.helpTopics, careerPathExpertise: user.careerPathExpertise } }
        : {}),
      ...(show('careerAdvice')
        ? {
            careerAdvice: presentCareerAdvice({
              identifier: user.identifier,
              prompts: options.careerStoryPrompts,
              rows: record.careerStories,
              isOwner: access.isOwner,
            }),
          }
        : {}),
      ...(show('additionalInfo') ? { additionalInfo: user.additionalInfo } : {}),
      // Present only when the hub asks anything (of the owner) or the profile answered something (for others).
      ...(show('additionalInfo') &&
      options.customFields &&
      (options.customFields.section.items.length > 0 || options.customFields.section.organizations.length > 0)
        ? { customFields: options.customFields.section }
        : {}),
      ...(show('demographicInfo') ? { demographicInfo: user.demographicInfo } : {}),
      ...(show('files')
        ? {
            files: record.files.map((f) => ({
              id: f.id,
              kind: f.kind === 'resume' ? ('resume' as const) : ('document' as const),
              name: f.originalName,
              mimeType: f.mimeType,
              sizeBytes: f.sizeBytes,
              createdAt: f.createdAt.toISOString(),
            })),
          }
        : {}),
      ...(show('health')
        ? {
            health: profileHealth(record, {
              canOfferHelp: userType?.canOfferHelp ?? false,
              dynamicProfile: options.dynamicProfile,
              visibleSections: access.sections,
              customFields: options.customFields ?? null,
            }),
          }
        : {}),
      ...(access.isOwner && options.dynamicProfile !== null
        ? { profileQuestions: { hubId: String(options.dynamicProfile.hubId) } }
        : {}),
    },
    can: { edit: access.isOwner },
  };
}
