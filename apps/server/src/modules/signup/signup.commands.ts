import {
  STANDARD_DATA_CATEGORIES,
  type TDirectoryPerson,
  type TStandardDataCategory,
  type TStandardOption,
} from '@commons/contract';
import { approvalState, FTU_PENDING_ACTIONS, ftuRedirectPath, ftuRedirectTarget } from '@commons/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { directoryEntries, hubStandardOptions, userSchools, users, userTypes } from '../../db/schema/index.js';
import { AppError, validationError } from '../../lib/app-error.js';
import type { TMembership, TRequestContext } from '../../plugins/request-context.js';
import { loadMemberships } from '../../plugins/request-context.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';

/** The viewer's membership of the request's hub, required for every signup step. */
export function requireOwnMembership(ctx: TRequestContext): TMembership {
  ctx.requireHub();
  if (!ctx.membership) {
    throw new AppError({ statusCode: 403, code: 'forbidden', message: 'Not a member of this hub', userMessage: 'You are not a member of this hub.' });
  }
  return ctx.membership;
}

/** The hub's standard-data option lists, every category present (empty when not configured). */
export async function listStandardOptions(ctx: TRequestContext): Promise<Record<TStandardDataCategory, TStandardOption[]>> {
  const hub = ctx.requireHub();
  const rows = await ctx.tx
    .select()
    .from(hubStandardOptions)
    .where(eq(hubStandardOptions.hubId, hub.id))
    .orderBy(asc(hubStandardOptions.category), asc(hubStandardOptions.order));
  const options = Object.fromEntries(STANDARD_DATA_CATEGORIES.map((c) => [c, [] as TStandardOption[]])) as Record<TStandardDataCategory, TStandardOption[]>;
  for (const row of rows) {
    const list = options[row.category as TStandardDataCategory];
    list?.push({ id: row.optionKey, label: row.label, emoji: row.emoji, subText: row.subText, image: row.image });
  }
  return options;
}

/** Stores the chosen standard data as spec 3 `selectedOptions`; unknown option ids are a 400. */
export async function saveStandardData(ctx: TRequestContext, selections: Partial<Record<TStandardDataCategory, string[]>>): Promise<void> {
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
        return o ? [{ id: o.id, label: o.label, emoji: o.emoji, groupId: String(hub.id), subText: o.subText, image: o.image }] : [];
      }),
    };
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  const helpTopics = (standardData['help-topics'] as { selectedOptions?: Array<{ label: string }> } | undefined)?.selectedOptions?.map((o) => o.label);
  await ctx.tx
    .update(users)
    .set({ standardData, ...(helpTopics ? { helpTopics } : {}), updatedAt: ctx.now })
    .where(eq(users.id, viewer.user.id));
  await refreshDirectoryEntries(ctx.tx, viewer.user.id);
}

/** A same-site path only: an open redirect must not be possible through postSignupRedirect. */
export function safeRedirectPath(path: string | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  return path;
}

/**
 * Finishes signup (spec 4 signup status completed): stamps completion, starts the first-time-user flow
 * when the user type shows it, lists the member, and says where the browser goes next.
 */
export async function completeSignup(ctx: TRequestContext, postSignupRedirect: string | undefined): Promise<{ redirectTo: string }> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  const membership = requireOwnMembership(ctx);
  const showsFtu = membership.userType?.showFirstTimeMatchingExperience ?? false;
  const pendingActions =
    showsFtu && !viewer.user.completedSignupAt && !viewer.user.pendingActions.includes(FTU_PENDING_ACTIONS.required)
      ? [...viewer.user.pendingActions, FTU_PENDING_ACTIONS.required]
      : viewer.user.pendingActions;
  const settings = viewer.user.userProfileSettings as { ftuV2?: { startedAt?: string; completedAt?: string } };
  await ctx.tx
    .update(users)
    .set({
      completedSignupAt: viewer.user.completedSignupAt ?? ctx.now,
      dateJoined: viewer.user.dateJoined ?? ctx.now,
      pendingActions,
      userProfileSettings: showsFtu && !settings.ftuV2?.startedAt ? { ...settings, ftuV2: { startedAt: ctx.now.toISOString() } } : settings,
      updatedAt: ctx.now,
    })
    .where(eq(users.id, viewer.user.id));
  await refreshDirectoryEntries(ctx.tx, viewer.user.id);
  await ctx.audit({ action: 'signup.complete', targetType: 'user', targetId: viewer.user.id });

  if (approvalState(membership.approved) !== 'approved') return { redirectTo: `/hub/${hub.identifier}/pending-approval` };
  const target = ftuRedirectTarget({
    pendingActions,
    signupStage: membership.signupStage,
    showFirstTimeMatchingExperience: showsFtu,
    parentApproved: membership.parentApproved,
  });
  if (target) return { redirectTo: ftuRedirectPath({ hubIdentifier: hub.identifier, target }) };
  return { redirectTo: safeRedirectPath(postSignupRedirect) ?? `/hub/${hub.identifier}/` };
}

export type TSuggestion = { person: TDirectoryPerson; score: number; reasons: string[] };

const SUGGESTION_LIMIT = 10;
const CANDIDATE_LIMIT = 200;

/**
 * The matching quiz (spec 2 signup/new/matching): members of the hub ranked by what they share with the
 * answers (industries 3, help topics they offer 2, a major in common 1), each with the reasons why.
 */
export async function suggestPeople(ctx: TRequestContext, answers: { industries: string[]; helpTopics: string[] }): Promise<TSuggestion[]> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  requireOwnMembership(ctx);
  const majors = (await ctx.tx.select({ majors: userSchools.majors }).from(userSchools).where(eq(userSchools.userId, viewer.user.id))).flatMap((s) => s.majors);
  await ctx.tx
    .update(users)
    .set({ userProfileSettings: { ...(viewer.user.userProfileSettings as object), ftuPreferences: answers }, updatedAt: ctx.now })
    .where(eq(users.id, viewer.user.id));
  if (answers.industries.length + answers.helpTopics.length + majors.length === 0) return [];

  const textArray = (values: string[]) => sql`ARRAY[${sql.join(values.length ? values.map((v) => sql`${v}`) : [sql`NULL`], sql`, `)}]::text[]`;
  const candidates = await ctx.tx
    .select({ entry: directoryEntries, identifier: users.identifier, photoUrl: users.photoUrl, userTypeTitle: userTypes.title })
    .from(directoryEntries)
    .innerJoin(users, eq(users.id, directoryEntries.userId))
    .leftJoin(userTypes, eq(userTypes.id, directoryEntries.userTypeId))
    .where(
      and(
        eq(directoryEntries.hubId, hub.id),
        ne(directoryEntries.userId, viewer.user.id),
        sql`(${directoryEntries.industries} && ${textArray(answers.industries)} or ${directoryEntries.helpTopics} && ${textArray(answers.helpTopics)} or ${directoryEntries.majors} && ${textArray(majors)})`,
      ),
    )
    .limit(CANDIDATE_LIMIT);

  const suggestions = candidates.map((c): TSuggestion => {
    const reasons: string[] = [];
    let score = 0;
    for (const industry of c.entry.industries.filter((i) => answers.industries.includes(i))) {
      score += 3;
      reasons.push(`Works in ${industry}`);
    }
    for (const topic of c.entry.helpTopics.filter((t) => answers.helpTopics.includes(t))) {
      score += 2;
      reasons.push(`Can help with ${topic}`);
    }
    for (const major of c.entry.majors.filter((m) => majors.includes(m))) {
      score += 1;
      reasons.push(`Also studied ${major}`);
    }
    return {
      person: {
        id: c.entry.userId,
        identifier: c.identifier,
        fullName: c.entry.fullName,
        photoUrl: c.photoUrl,
        headline: c.entry.headline,
        location: c.entry.location,
        userType: c.entry.userTypeId && c.userTypeTitle ? { id: c.entry.userTypeId, title: c.userTypeTitle } : null,
        companies: c.entry.companies,
        schools: c.entry.schools,
        majors: c.entry.majors,
        industries: c.entry.industries,
        graduationYears: c.entry.graduationYears,
      },
      score,
      reasons,
    };
  });
  return suggestions
    .sort((a, b) => b.score - a.score || a.person.fullName.localeCompare(b.person.fullName))
    .slice(0, SUGGESTION_LIMIT);
}

/** Ends the first-time-user flow: its pending actions go, ftuV2.completedAt is set (spec 4 ftuV2). */
export async function completeFtu(ctx: TRequestContext): Promise<void> {
  const viewer = ctx.requireViewer();
  const settings = viewer.user.userProfileSettings as { ftuV2?: { startedAt?: string; completedAt?: string } };
  const ftuActions: string[] = Object.values(FTU_PENDING_ACTIONS);
  await ctx.tx
    .update(users)
    .set({
      pendingActions: viewer.user.pendingActions.filter((a) => !ftuActions.includes(a)),
      userProfileSettings: { ...settings, ftuV2: { startedAt: settings.ftuV2?.startedAt ?? ctx.now.toISOString(), completedAt: ctx.now.toISOString() } },
      updatedAt: ctx.now,
    })
    .where(eq(users.id, viewer.user.id));
  await ctx.audit({ action: 'ftu.complete', targetType: 'user', targetId: viewer.user.id });
}

/** The viewer re-read after a change, for answers that return the session user. */
export async function reloadViewer(ctx: TRequestContext) {
  const viewer = ctx.requireViewer();
  const [user] = await ctx.tx.select().from(users).where(eq(users.id, viewer.user.id));
  const memberships = await loadMemberships(ctx.tx, { scope: { clusterId: ctx.clusterId, userId: viewer.user.id, hubId: ctx.hub?.id ?? null }, userId: viewer.user.id });
  return { user: user ?? viewer.user, memberships };
}
