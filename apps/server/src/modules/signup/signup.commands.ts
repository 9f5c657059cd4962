import type { TStandardDataCategory } from '@commons/contract';
import {
  FTU_PENDING_ACTIONS,
  ftuRedirectPath,
  ftuRedirectTarget,
  isLightUser,
  safeRedirectPath,
} from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import { hubMemberships, userSchools, users } from '../../db/schema/index.js';
import { validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { loadMemberships } from '../../plugins/request-context.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';
import { missingRequiredSignupFields } from '../hubs/hub-admin-settings.commands.js';
import { isAdmittedMember } from '../hubs/hubs.policy.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { requireOwnMembership } from './signup.policy.js';
import { listStandardOptions } from './signup.queries.js';
import { rankPeopleByOverlap, type TRankedPerson } from '../directory/directory.queries.js';
import { sendAutoGreeting } from '../hub-welcome/hub-welcome.commands.js';
import { missingRequiredProfileFields } from '../profile-fields/profile-fields.commands.js';

/** Stores the chosen standard data as spec 3 `selectedOptions`; unknown option ids are a 400. */
export async function saveStandardData(
  ctx: TRequestContext,
  selections: Partial<Record<TStandardDataCategory, string[]>>,
): Promise<void> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  requireOwnMembership(ctx);
  const options = await listStandardOptions(ctx);
  const standardData: Record<string, unknown> = { ...(viewer.user.standardData as Record<string, unknown>) };
  const fields: Record<string, string> = {};
  for (const [category, ids] of Object.entries(selections) as Array<[TStandardDataCategory, string[]]>) {
    const known = new Map(options[category].map((o) => [o.id, o]));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) fields[`selections.${category}`] = 'Choose from the listed options.';
    standardData[category] = {
      selectedOptions: ids.flatMap((id) => {
        const o = known.get(id);
        return o
          ? [
              {
                id: o.id,
                label: o.label,
                emoji: o.emoji,
                groupId: String(hub.id),
                subText: o.subText,
                image: o.image,
              },
            ]
          : [];
      }),
    };
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  const helpTopics = (
    standardData['help-topics'] as { selectedOptions?: Array<{ label: string }> } | undefined
  )?.selectedOptions?.map((o) => o.label);
  await ctx.tx
    .update(users)
    .set({ standardData, ...(helpTopics ? { helpTopics } : {}), updatedAt: ctx.now })
    .where(eq(users.id, viewer.user.id));
  await refreshDirectoryEntries(ctx.tx, viewer.user.id);
}

/**
 * Finishes signup (spec 4 signup status completed): refuses with 400 naming each profile field the hub's
 * signup settings require and the member left empty; else stamps completion, starts the first-time-user flow
 * when the user type shows it, lists the member, and says where the browser goes next.
 */
export async function completeSignup(
  ctx: TRequestContext,
  postSignupRedirect: string | undefined,
): Promise<{ redirectTo: string }> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  const membership = requireOwnMembership(ctx);
  // The hub's signup settings may require profile fields before signup completes (issue #22 item 1).
  const { requiredSignupFields } = (await getHubSettings(ctx.tx, hub.id)).coreSettings;
  const missing = await missingRequiredSignupFields(ctx, {
    userId: viewer.user.id,
    required: requiredSignupFields,
  });
  // And the hub's custom profile fields required of the member's user type (issue #22 item 1).
  const missingAnswers = await missingRequiredProfileFields(ctx, {
    hubId: hub.id,
    userId: viewer.user.id,
    userTypeId: membership.userTypeId,
  });
  if (Object.keys(missing).length + Object.keys(missingAnswers).length > 0)
    throw validationError({ ...missing, ...missingAnswers });
  const showsFtu = membership.userType?.showFirstTimeMatchingExperience ?? false;
  const pendingActions =
    showsFtu &&
    !viewer.user.completedSignupAt &&
    !viewer.user.pendingActions.includes(FTU_PENDING_ACTIONS.required)
      ? [...viewer.user.pendingActions, FTU_PENDING_ACTIONS.required]
      : viewer.user.pendingActions;
  const settings = viewer.user.userProfileSettings as {
    ftuV2?: { startedAt?: string; completedAt?: string };
  };
  await ctx.tx
    .update(users)
    .set({
      completedSignupAt: viewer.user.completedSignupAt ?? ctx.now,
      dateJoined: viewer.user.dateJoined ?? ctx.now,
      pendingActions,
      userProfileSettings:
        showsFtu && !settings.ftuV2?.startedAt
          ? { ...settings, ftuV2: { startedAt: ctx.now.toISOString() } }
          : settings,
      updatedAt: ctx.now,
    })
    .where(eq(users.id, viewer.user.id));
  // A light user who walks the signup steps has completed the profile: the membership becomes a full one
  // (spec 4 light users; issue #16 item 5 'how to complete the profile to become a full member').
  const isBecomingFull = isLightUser(membership);
  if (isBecomingFull) {
    await ctx.tx
      .update(hubMemberships)
      .set({ signupStage: null })
      .where(and(eq(hubMemberships.userId, viewer.user.id), eq(hubMemberships.hubId, hub.id)));
  }
  await refreshDirectoryEntries(ctx.tx, viewer.user.id);
  await ctx.audit({
    action: isBecomingFull ? 'signup.complete_light' : 'signup.complete',
    targetType: 'user',
    targetId: viewer.user.id,
  });

  if (!isAdmittedMember(membership)) return { redirectTo: `/hub/${hub.identifier}/pending-approval` };
  // An admitted member who completes signup gets the hub's auto-greeting, once (issue #22 item 1).
  await sendAutoGreeting(ctx, { hubId: hub.id, userId: viewer.user.id });
  const target = ftuRedirectTarget({
    pendingActions,
    signupStage: isBecomingFull ? null : membership.signupStage,
    showFirstTimeMatchingExperience: showsFtu,
    parentApproved: membership.parentApproved,
  });
  if (target) return { redirectTo: ftuRedirectPath({ hubIdentifier: hub.identifier, target }) };
  return { redirectTo: safeRedirectPath(postSignupRedirect) ?? `/hub/${hub.identifier}/` };
}

/**
 * The matching quiz (spec 2 signup/new/matching): members of the hub ranked by what they share with the
 * answers and the viewer's majors, each with the reasons why; the answers are kept as FTU preferences.
 */
export async function suggestPeople(
  ctx: TRequestContext,
  answers: { industries: string[]; helpTopics: string[] },
): Promise<TRankedPerson[]> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  requireOwnMembership(ctx);
  const majors = (
    await ctx.tx
      .select({ majors: userSchools.majors })
      .from(userSchools)
      .where(eq(userSchools.userId, viewer.user.id))
  ).flatMap((s) => s.majors);
  await ctx.tx
    .update(users)
    .set({
      userProfileSettings: { ...(viewer.user.userProfileSettings as object), ftuPreferences: answers },
      updatedAt: ctx.now,
    })
    .where(eq(users.id, viewer.user.id));
  return rankPeopleByOverlap(ctx.tx, {
    hubId: hub.id,
    excludeUserId: viewer.user.id,
    industries: answers.industries,
    helpTopics: answers.helpTopics,
    majors,
    companies: [],
  });
}

/** Ends the first-time-user flow: its pending actions go, ftuV2.completedAt is set (spec 4 ftuV2). */
export async function completeFtu(ctx: TRequestContext): Promise<void> {
  const viewer = ctx.requireViewer();
  const settings = viewer.user.userProfileSettings as {
    ftuV2?: { startedAt?: string; completedAt?: string };
  };
  const ftuActions: string[] = Object.values(FTU_PENDING_ACTIONS);
  await ctx.tx
    .update(users)
    .set({
      pendingActions: viewer.user.pendingActions.filter((a) => !ftuActions.includes(a)),
      userProfileSettings: {
        ...settings,
        ftuV2: {
          startedAt: settings.ftuV2?.startedAt ?? ctx.now.toISOString(),
          completedAt: ctx.now.toISOString(),
        },
      },
      updatedAt: ctx.now,
    })
    .where(eq(users.id, viewer.user.id));
  await ctx.audit({ action: 'ftu.complete', targetType: 'user', targetId: viewer.user.id });
}

/** The viewer re-read after a change, for answers that return the session user. */
export async function reloadViewer(ctx: TRequestContext) {
  const viewer = ctx.requireViewer();
  const [user] = await ctx.tx.select().from(users).where(eq(users.id, viewer.user.id));
  const memberships = await loadMemberships(ctx.tx, {
    scope: { clusterId: ctx.clusterId, userId: viewer.user.id, hubId: ctx.hub?.id ?? null },
    userId: viewer.user.id,
  });
  return { user: user ?? viewer.user, memberships };
}
