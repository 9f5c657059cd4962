import { isApprovedUser, signupStatus, workHistoryCompany } from '@commons/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import {
  directoryEntries,
  hubMemberships,
  userSchools,
  users,
  userTypes,
  userWorkHistory,
} from '../../db/schema/index.js';
import { userDeactivatedByScim } from '../scim/scim.queries.js';

type TStandardData = Record<string, { selectedOptions?: Array<{ label?: string }> } | undefined>;

/** Labels chosen in one standard-data list (spec 3 User standardData). */
export function standardDataLabels(standardData: unknown, key: string): string[] {
  const list = (standardData as TStandardData | null)?.[key]?.selectedOptions ?? [];
  return list.map((o) => o.label?.trim() ?? '').filter((l) => l !== '');
}

/**
 * Rewrites the directory entries of one user in every hub of the current scope: listed when signup is
 * completed, the membership is approved (spec 4 approved user) and visible, and SCIM has not deactivated the
 * person; removed otherwise.
 */
export async function refreshDirectoryEntries(tx: TTx, userId: string): Promise<void> {
  // With whether the identity provider deactivated the person (SCIM, issue #24 item 6): listed nowhere then.
  const [row] = await tx
    .select({ user: users, isDeactivatedByScim: userDeactivatedByScim(users.id) })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const user = row?.user;
  const memberships = await tx
    .select({ membership: hubMemberships, userType: userTypes })
    .from(hubMemberships)
    .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .where(eq(hubMemberships.userId, userId));
  const hubIds = memberships.map((m) => m.membership.hubId);
  if (hubIds.length > 0) {
    await tx
      .delete(directoryEntries)
      .where(and(eq(directoryEntries.userId, userId), inArray(directoryEntries.hubId, hubIds)));
  }
  if (!user || user.deleteRequestedAt || row.isDeactivatedByScim || signupStatus(user) !== 'completed')
    return;
  const listed = memberships.filter(
    (m) =>
      m.membership.isVisible &&
      isApprovedUser({
        importStatus: m.membership.importStatus,
        signupStage: m.membership.signupStage,
        approved: m.membership.approved,
      }),
  );
  if (listed.length === 0) return;

  const work = await tx.select().from(userWorkHistory).where(eq(userWorkHistory.userId, userId));
  const schools = await tx.select().from(userSchools).where(eq(userSchools.userId, userId));
  const companies = unique(
    work.map((w) => workHistoryCompany({ company: w.company })).filter((c): c is string => c !== null),
  );
  const roles = unique(work.map((w) => w.role));
  const schoolNames = unique(schools.map((s) => s.schoolName));
  const majors = unique(schools.flatMap((s) => s.majors));
  const graduationYears = unique(
    schools
      .filter((s) => s.graduationYear !== null && !s.isGraduationYearHidden)
      .map((s) => s.graduationYear as number),
  );
  const industries = unique(standardDataLabels(user.standardData, 'job-industries'));
  const helpTopics = unique([...user.helpTopics, ...standardDataLabels(user.standardData, 'help-topics')]);
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  await tx.insert(directoryEntries).values(
    listed.map((m) => ({
      clusterId: user.clusterId,
      hubId: m.membership.hubId,
      userId,
      userTypeId: m.membership.userTypeId,
      fullName,
      sortName: `${user.lastName} ${user.firstName}`.toLowerCase(),
      headline: user.headline,
      location: user.location,
      companies,
      schools: schoolNames,
      majors,
      industries,
      helpTopics,
      graduationYears,
      searchText: [
        fullName,
        user.headline,
        user.location,
        ...companies,
        ...roles,
        ...schoolNames,
        ...majors,
        ...industries,
        ...helpTopics,
        m.userType?.title,
        ...graduationYears.map(String),
      ]
        .filter(Boolean)
        .join(' ')
        .toLowerCase(),
    })),
  );
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
