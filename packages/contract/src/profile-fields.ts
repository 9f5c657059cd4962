import { PROFILE_FIELD_LIMITS, PROFILE_FIELD_TYPES } from '@commons/domain';
import { z } from 'zod';
import { ZId, ZUuid } from './common.js';

/**
 * Hub custom profile fields as members meet them (issue #22 item 1; spec 3 User additionalInfo[]: id, slug, type
 * including paragraph, value, hub). The admin side is in admin-profile-fields.ts.
 */

/** The kind of a custom field. */
export const ZProfileFieldType = z.enum(PROFILE_FIELD_TYPES);

/** A member's answer: text (a number or a YYYY-MM-DD date is text too), the options chosen, or none. */
export const ZProfileFieldValue = z.union([
  z.string().max(PROFILE_FIELD_LIMITS.paragraphMax + 1000),
  z.array(z.string().max(PROFILE_FIELD_LIMITS.optionMax)).max(PROFILE_FIELD_LIMITS.optionsMax),
  z.null(),
]);

/** One hub field on a profile with the member's answer (null when not answered). */
export const ZProfileCustomField = z.object({
  id: ZUuid,
  slug: z.string(),
  label: z.string(),
  description: z.string(),
  type: ZProfileFieldType,
  options: z.array(z.string()),
  isRequired: z.boolean(),
  value: ZProfileFieldValue,
});
export type TProfileCustomField = z.infer<typeof ZProfileCustomField>;

/**
 * The profile's hub fields (the hub of the membership the profile is shown in): for the owner every field asked
 * of their user type, for others only the answered ones.
 */
export const ZProfileCustomFieldsSection = z.object({
  hubId: z.string(),
  items: z.array(ZProfileCustomField),
  /**
   * The fields of the organisations of the hub the member belongs to (approved), one block per organisation
   * (spec 6 Organisation admins: custom-fields): for the owner every field asked of them, for others the answered
   * ones of organisations they may see. They do not count toward the profile's completeness.
   */
  organizations: z.array(
    z.object({
      id: ZId,
      identifier: z.string(),
      name: z.string(),
      items: z.array(ZProfileCustomField),
    }),
  ),
});
export type TProfileCustomFieldsSection = z.infer<typeof ZProfileCustomFieldsSection>;

/**
 * The owner's answers to their hub's fields (the x-hub-id hub) and to those of the hub's organisations they are an
 * approved member of; a field not listed keeps its answer.
 */
export const ZPutProfileFieldValuesRequest = z.object({
  values: z
    .array(z.object({ fieldId: ZUuid, value: ZProfileFieldValue }))
    .max(PROFILE_FIELD_LIMITS.fieldsPerHub),
});
export type TPutProfileFieldValuesRequest = z.infer<typeof ZPutProfileFieldValuesRequest>;
