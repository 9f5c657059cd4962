import type { TAdminUserType, TStandardUserType, TUserTypeFields } from '@commons/contract';
import { userTypeMessageTypeSettings, type TMessageType, type TMessageTypeSettings } from '@commons/domain';
import type { TUserTypeRow } from '../../plugins/request-context.js';

/** The editable fields of a user type row (spec 3 User type). */
export function userTypeFieldsOf(row: TUserTypeRow): TUserTypeFields {
  return {
    title: row.title,
    pluralTitle: row.pluralTitle,
    standardUserType: row.standardUserType as TStandardUserType,
    isDisabled: row.isDisabled,
    activeModules: row.activeModules as TUserTypeFields['activeModules'],
    canOfferHelp: row.canOfferHelp,
    canOfferAMA: row.canOfferAMA,
    canPostJob: row.canPostJob,
    canApplyProject: row.canApplyProject,
    canGetMessage: row.canGetMessage,
    canCreateResource: row.canCreateResource,
    meetingsDisabled: row.meetingsDisabled,
    givingForm: row.givingForm,
    corporateHomepageEnabled: row.corporateHomepageEnabled,
    homepageV3Enabled: row.homepageV3Enabled,
    newHomepageEnabled: row.newHomepageEnabled,
    showFirstTimeMatchingExperience: row.showFirstTimeMatchingExperience,
    hideProfileSections: row.hideProfileSections as TUserTypeFields['hideProfileSections'],
  };
}

/** A user type for the editor: its fields, its message types over the hub's settings, members and abilities. */
export function presentAdminUserType(
  row: TUserTypeRow,
  options: { memberCount: number; hubTypeSettings: Readonly<Record<TMessageType, TMessageTypeSettings>> },
): TAdminUserType {
  return {
    id: row.id,
    order: row.order,
    ...userTypeFieldsOf(row),
    memberCount: options.memberCount,
    messageTypeSettings: userTypeMessageTypeSettings({
      hubSettings: options.hubTypeSettings,
      entries: row.messageTypes,
      stored: row.messageTypeSettings,
    }),
    can: { delete: options.memberCount === 0 },
  };
}
