import { ZHubSettings, type THubSettings } from '@commons/contract';
import { isApprovedUser } from '@commons/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { queryPreparedRows, type TTx } from '../../db/client.js';
import { rowFromJson } from '../../db/json-rows.js';
import { hubMemberships, hubSettings, users, userTypes } from '../../db/schema/index.js';
import type { TUserTypeRow } from '../../plugins/request-context.js';

/** A hub's settings, parsed with the contract schema so defaults fill what an old row lacks. */
export async function getHubSettings(tx: TTx, hubId: number): Promise<THubSettings> {
  const [row] = await tx
    .select({ settings: hubSettings.settings })
    .from(hubSettings)
    .where(eq(hubSettings.hubId, hubId))
    .limit(1);
  return ZHubSettings.parse(row?.settings ?? {});
}

/**
 * A hub's settings and user types in one statement (issue #17 item 1: the hub home is a hot read); the same
 * answers as getHubSettings and listUserTypes, as a named prepared statement.
 */
export async function getHubSettingsAndUserTypes(
  tx: TTx,
  hubId: number,
): Promise<{
  settings: THubSettings;
  userTypes: TUserTypeRow[];
  /** Which boards of the job module show (hub_job_settings, issue #19): both when the hub saved none. */
  jobBoards: { areJobsShown: boolean; areProjectsShown: boolean };
}> {
  const [row] = await queryPreparedRows<{
    settings: unknown;
    user_types: Array<Record<string, unknown>>;
    jobs_shown: boolean | null;
    projects_shown: boolean | null;
  }>(
    tx,
    'hub_settings_and_user_types',
    () => {
      const hub = sql.placeholder('hubId');
      return sql`SELECT
      (SELECT ${hubSettings.settings} FROM ${hubSettings} WHERE ${hubSettings.hubId} = ${hub} LIMIT 1) AS settings,
      coalesce((SELECT jsonb_agg(to_jsonb(t.*) ORDER BY t."order", t.title) FROM ${userTypes} t WHERE t.hub_id = ${hub}), '[]'::jsonb) AS user_types,
      (SELECT j.are_jobs_shown FROM hub_job_settings j WHERE j.hub_id = ${hub}) AS jobs_shown,
      (SELECT j.are_projects_shown FROM hub_job_settings j WHERE j.hub_id = ${hub}) AS projects_shown`;
    },
    { hubId },
  );
  return {
    settings: ZHubSettings.parse(row?.settings ?? {}),
    userTypes: (row?.user_types ?? []).map((json) => rowFromJson(userTypes, json)),
    jobBoards: { areJobsShown: row?.jobs_shown ?? true, areProjectsShown: row?.projects_shown ?? true },
  };
}

export function listUserTypes(tx: TTx, hubId: number): Promise<TUserTypeRow[]> {
  return tx
    .select()
    .from(userTypes)
    .where(eq(userTypes.hubId, hubId))
    .orderBy(asc(userTypes.order), asc(userTypes.title));
}

/**
 * Whether a user is an active, approved member of a hub (spec 4: joined, no light stage, approved; the
 * account not being deleted). Things that act for a user without a sign-in, such as calendar feeds, ask this
 * on every use, so they end with the membership (issue #13 item 5).
 */
export async function isActiveApprovedMember(
  tx: TTx,
  options: { userId: string; hubId: number },
): Promise<boolean> {
  const [row] = await tx
    .select({
      importStatus: hubMemberships.importStatus,
      signupStage: hubMemberships.signupStage,
      approved: hubMemberships.approved,
    })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .where(
      and(
        eq(hubMemberships.userId, options.userId),
        eq(hubMemberships.hubId, options.hubId),
        isNull(users.deleteRequestedAt),
      ),
    )
    .limit(1);
  return row !== undefined && isApprovedUser(row);
}
