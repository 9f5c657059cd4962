import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import {
  careerStories,
  hubMemberships,
  userFiles,
  userSchools,
  users,
  userTypes,
  userWorkHistory,
} from '../../db/schema/index.js';

export type TProfileRecord = {
  user: typeof users.$inferSelect;
  workHistory: Array<typeof userWorkHistory.$inferSelect>;
  schools: Array<typeof userSchools.$inferSelect>;
  files: Array<typeof userFiles.$inferSelect>;
  careerStories: Array<typeof careerStories.$inferSelect>;
  /** Memberships visible to the viewer (RLS: shared hubs, or all of them for the owner and admins). */
  memberships: Array<{
    membership: typeof hubMemberships.$inferSelect;
    userType: typeof userTypes.$inferSelect | null;
  }>;
};

/** A user's profile rows by identifier: six indexed queries, whatever the number of items. */
export async function findProfile(tx: TTx, identifier: string): Promise<TProfileRecord | null> {
  const [user] = await tx.select().from(users).where(eq(users.identifier, identifier)).limit(1);
  if (!user || user.deleteRequestedAt) return null;
  // One after another: a transaction's queries share one connection (issue #14).
  const workHistory = await tx
    .select()
    .from(userWorkHistory)
    .where(eq(userWorkHistory.userId, user.id))
    .orderBy(asc(userWorkHistory.position));
  const schools = await tx
    .select()
    .from(userSchools)
    .where(eq(userSchools.userId, user.id))
    .orderBy(asc(userSchools.position));
  const files = await tx
    .select()
    .from(userFiles)
    .where(and(eq(userFiles.userId, user.id), inArray(userFiles.kind, ['resume', 'document'])))
    .orderBy(asc(userFiles.createdAt));
  const careerStoryRows = await tx.select().from(careerStories).where(eq(careerStories.userId, user.id));
  const memberships = await tx
    .select({ membership: hubMemberships, userType: userTypes })
    .from(hubMemberships)
    .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .where(eq(hubMemberships.userId, user.id));
  return { user, workHistory, schools, files, careerStories: careerStoryRows, memberships };
}
