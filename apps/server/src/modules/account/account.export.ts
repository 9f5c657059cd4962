import { eq, or } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import {
  actionItemCompletions,
  adminAccessRights,
  auditLog,
  careerStories,
  hubMemberships,
  profileAnswers,
  refreshSessions,
  userFiles,
  userSchools,
  users,
  userWorkHistory,
} from '../../db/schema/index.js';
import type { TRequestContext } from '../../plugins/request-context.js';

/** Everything stored about the viewer as a ZIP of JSON files (issue #4 item 7, GDPR art. 15/20). */
export async function exportMyData(ctx: TRequestContext): Promise<Uint8Array> {
  const viewer = ctx.requireViewer();
  const userId = viewer.user.id;
  const [user] = await ctx.tx.select().from(users).where(eq(users.id, userId));
  const { passwordHash: _omitted, ...account } = user ?? viewer.user;
  const files: Record<string, unknown> = {
    'account.json': { ...account, hasPassword: Boolean(_omitted) },
    'hub-memberships.json': await ctx.tx
      .select()
      .from(hubMemberships)
      .where(eq(hubMemberships.userId, userId)),
    'admin-access-rights.json': await ctx.tx
      .select()
      .from(adminAccessRights)
      .where(eq(adminAccessRights.userId, userId)),
    'work-history.json': await ctx.tx
      .select()
      .from(userWorkHistory)
      .where(eq(userWorkHistory.userId, userId)),
    'schools.json': await ctx.tx.select().from(userSchools).where(eq(userSchools.userId, userId)),
    'profile-answers.json': await ctx.tx
      .select()
      .from(profileAnswers)
      .where(eq(profileAnswers.userId, userId)),
    'files.json': await ctx.tx.select().from(userFiles).where(eq(userFiles.userId, userId)),
    'career-stories.json': await ctx.tx.select().from(careerStories).where(eq(careerStories.userId, userId)),
    // Completed action items with the answers to their reflection prompts (issue #18 item 4).
    'action-items.json': await ctx.tx
      .select()
      .from(actionItemCompletions)
      .where(eq(actionItemCompletions.userId, userId)),
    'sessions.json': (
      await ctx.tx.select().from(refreshSessions).where(eq(refreshSessions.userId, userId))
    ).map(({ tokenHash: _hash, ...s }) => s),
    'activity.json': await ctx.tx
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.actorUserId, userId), eq(auditLog.targetId, userId))),
  };
  const entries = Object.fromEntries(
    Object.entries(files).map(([name, value]) => [name, strToU8(JSON.stringify(value, null, 2))]),
  );
  return zipSync(entries, { level: 6 });
}
