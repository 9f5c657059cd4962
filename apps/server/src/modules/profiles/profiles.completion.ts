import type { TProfile } from '@commons/contract';
import { isDynamicProfileComplete } from '@commons/domain';
import type { TRequestContext } from '../../plugins/request-context.js';
import { completeViewerActionItem } from '../action-items/action-items.commands.js';
import { awardProfileCompleteBadges } from '../badges/badges.commands.js';
import { profileCustomFields, profileOrganizationFields } from '../profile-fields/profile-fields.commands.js';
import { listQuestionsWithAnswers } from '../profile-questions/profile-questions.queries.js';
import { careerStoryPrompts } from './career-stories.policy.js';
import { loadViewedProfile, type TViewedProfile } from './profiles.access.js';
import { presentProfile, type TDynamicProfile, type TProfileCustomFields } from './profiles.presenter.js';

/**
 * The owner's answers to the profile questions of the hub that decides their profile, when that hub has
 * the dynamic profile on and asks any (spec 3 dynamicProfile); null otherwise, and for other viewers.
 */
async function ownerDynamicProfile(ctx: TRequestContext, viewed: TViewedProfile): Promise<TDynamicProfile> {
  const hubId = viewed.access.membership?.membership.hubId;
  if (!viewed.access.isOwner || hubId === undefined || viewed.settings?.dynamicProfileEnabled !== true)
    return null;
  const questions = await listQuestionsWithAnswers(ctx, { hubId, userId: viewed.record.user.id });
  if (questions.length === 0) return null;
  return {
    hubId,
    isComplete: isDynamicProfileComplete(
      questions.map(({ question, answer }) => ({
        isRequired: question.isRequired,
        isAnswered: answer !== null,
      })),
    ),
  };
}

/**
 * The custom fields of the hub the profile is shown in (issue #22 item 1), when it is shown in one, with those of
 * the member's organisations there.
 */
async function viewedCustomFields(
  ctx: TRequestContext,
  viewed: TViewedProfile,
): Promise<TProfileCustomFields> {
  const membership = viewed.access.membership?.membership;
  if (membership === undefined) return null;
  const options = {
    hubId: membership.hubId,
    userId: viewed.record.user.id,
    userTypeId: membership.userTypeId,
    isOwner: viewed.access.isOwner,
  };
  const hubFields = await profileCustomFields(ctx, options);
  // The member's organisations' fields (spec 6 Organisation admins: custom-fields) are shown in their own blocks
  // and stay out of the health: only the hub's fields count toward completeness.
  // With the hub's organizations module off, its organisations (and their fields) are not shown.
  const organizations =
    viewed.settings?.enabledModules.includes('organizations') === true
      ? await profileOrganizationFields(ctx, options)
      : [];
  return { ...hubFields, section: { ...hubFields.section, organizations } };
}

/** Loads, authorises and presents one profile for the viewer. */
export async function loadPresentedProfile(
  ctx: TRequestContext,
  identifier: string,
): Promise<{ profile: TProfile }> {
  const viewer = ctx.requireViewer();
  const viewed = await loadViewedProfile(ctx, identifier);
  return {
    profile: presentProfile({
      record: viewed.record,
      access: viewed.access,
      now: ctx.now,
      timeZone: viewer.user.timezone,
      dynamicProfile: await ownerDynamicProfile(ctx, viewed),
      careerStoryPrompts: careerStoryPrompts(viewed.settings),
      customFields: await viewedCustomFields(ctx, viewed),
    }),
  };
}

/**
 * The viewer's own profile after they changed it (profile fields, work history, schools, photo, documents):
 * when its health reaches 100 % the complete_profile action item completes, and offer_expertise once it
 * offers help topics, in the same transaction (issue #18 item 4; idempotent, the realtime event only the
 * first time).
 */
export async function loadMyProfileAfterEdit(ctx: TRequestContext): Promise<{ profile: TProfile }> {
  const result = await loadPresentedProfile(ctx, 'me');
  if (result.profile.sections.health?.score === 100) await completeViewerActionItem(ctx, 'complete_profile');
  if (result.profile.sections.health?.score === 100) await awardProfileCompleteBadges(ctx);
  // Help topics are the expertise the owner offers (offer_expertise), in the hubs whose user type offers help.
  if ((result.profile.sections.help?.helpTopics.length ?? 0) > 0) {
    const hubIds = ctx.requireViewer().memberships.filter((m) => m.userType?.canOfferHelp);
    await completeViewerActionItem(ctx, 'offer_expertise', { hubIds: hubIds.map((m) => m.hubId) });
  }
  return result;
}
