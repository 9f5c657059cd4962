import type { TProfileHealthAttribute } from '@commons/domain';
import type { TEditorLocation } from './reveal-editor';

/** Sections the owner edits in place; `edit={section}` opens one (spec 2 /profile query edit). */
export const EDITABLE_SECTIONS = [
  'basic',
  'about',
  'workHistory',
  'schools',
  'help',
  'careerAdvice',
  'additionalInfo',
  'customFields',
  'demographicInfo',
  'profileQuestions',
] as const;
export type TEditableSection = (typeof EDITABLE_SECTIONS)[number];

export function isEditableSection(value: string | null): value is TEditableSection {
  return value !== null && (EDITABLE_SECTIONS as readonly string[]).includes(value);
}

/** Where the hub's custom fields editor is (issue #22 item 1): inside the Additional information section. */
export const CUSTOM_FIELDS_LOCATION: TEditorLocation = { containerId: 'profile-custom-fields' };

/** The photo uploader's id, for the checklist's 'Add a profile photo'. */
export const PHOTO_UPLOADER_ID = 'profile-photo';

/** The form id of the name and headline editor, which sits in the page header. */
export const BASIC_EDITOR_ID = 'profile-basic-editor';

/** The id of a section's region (ProfileSection renders `profile-{id}`). */
export const sectionElementId = (id: string): string => `profile-${id}`;

/**
 * Where each item of the profile checklist leads (issue #16 item 12): the editor it opens (none for the
 * photo, whose uploader is always on the page) and the field it focuses, so no item is a dead end.
 */
export const CHECKLIST_EDITORS: Record<
  TProfileHealthAttribute,
  { section: TEditableSection | null; location: TEditorLocation }
> = {
  headline: { section: 'basic', location: { containerId: BASIC_EDITOR_ID, fieldName: 'headline' } },
  about: { section: 'about', location: { containerId: sectionElementId('about'), fieldName: 'about' } },
  location: {
    section: 'about',
    location: { containerId: sectionElementId('about'), fieldName: 'location' },
  },
  photoUrl: { section: null, location: { containerId: PHOTO_UPLOADER_ID, isForm: false } },
  careerPathExpertise: {
    section: 'help',
    location: { containerId: sectionElementId('help'), fieldName: 'careerPathExpertise' },
  },
  helpOffer: {
    section: 'help',
    location: { containerId: sectionElementId('help'), fieldName: 'helpTopics' },
  },
  schools: { section: 'schools', location: { containerId: sectionElementId('schools') } },
  workHistory: { section: 'workHistory', location: { containerId: sectionElementId('work-history') } },
  additionalInfo: {
    section: 'additionalInfo',
    location: { containerId: sectionElementId('additional-info') },
  },
  demographicInfo: {
    section: 'demographicInfo',
    location: { containerId: sectionElementId('demographic-info') },
  },
  dynamicProfile: { section: 'profileQuestions', location: { containerId: sectionElementId('questions') } },
};
