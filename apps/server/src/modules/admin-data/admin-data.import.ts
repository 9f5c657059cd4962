import {
  IMPORT_MAX_LISTED_ERRORS,
  IMPORT_MAX_ROWS,
  webPaths,
  type TImportDryRunResponse,
  type TImportRowPlan,
} from '@commons/contract';
import { applyNotificationDefaults } from '../hub-welcome/hub-welcome.commands.js';
import { isValidEmail } from '@commons/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type TDb, type TTx } from '../../db/client.js';
import {
  adminImports,
  auditLog,
  groupMemberships,
  groups,
  hubMemberships,
  hubs,
  mailOutbox,
  passwordResets,
  userTypes,
  users,
  type TImportRowData,
  type TImportRowErrorData,
} from '../../db/schema/index.js';
import { listClusterIds, withTenant } from '../../db/tenant.js';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';
import { parseCsv } from '../groups/csv.js';
import { headerSafeMail } from '../mail/mail.commands.js';

/** How long an invitation's link to choose a password works (a password reset link of 14 days). */
export const INVITATION_LINK_DAYS = 14;
/** Rows imported in one transaction; a chunk that fails is redone row by row so one bad row costs only itself. */
const CHUNK_SIZE = 250;
const NAME_MAX = 100;

type TUserType = { id: string; title: string; pluralTitle: string };

/** The columns a users CSV may have, by their header (case, spaces, dashes and underscores ignored). */
const COLUMN_ALIASES: Record<keyof Omit<TImportRowData, 'row'>, string[]> = {
  email: ['email', 'emailaddress', 'mail'],
  firstName: ['firstname', 'givenname', 'first'],
  lastName: ['lastname', 'familyname', 'surname', 'last'],
  userTypeId: ['usertype', 'type', 'role'],
};

const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/**
 * Checks a users CSV (issue #22 item 5): a header row naming email, first name, last name and user type, then one
 * member per row. Each row's errors name its line, the column and what is wrong; valid rows come back ready to
 * import (email in lower case, the user type resolved to the hub's type by its title or plural title).
 */
export function checkUsersCsv(
  csv: string,
  types: readonly TUserType[],
): {
  valid: TImportRowData[];
  errors: TImportRowErrorData[];
  totalRows: number;
  /** Every row's email and name as written (the dry run's table names rows with errors by them too). */
  written: Map<number, { email: string; name: string }>;
} {
  const lines = parseCsv(csv);
  const [header, ...body] = lines;
  const errors: TImportRowErrorData[] = [];
  if (!header)
    return {
      valid: [],
      errors: [{ row: 1, field: 'file', message: 'The file is empty.' }],
      totalRows: 0,
      written: new Map(),
    };
  const keys = header.fields.map(headerKey);
  const index = Object.fromEntries(
    Object.entries(COLUMN_ALIASES).map(([field, aliases]) => [
      field,
      keys.findIndex((k) => aliases.includes(k)),
    ]),
  ) as Record<keyof typeof COLUMN_ALIASES, number>;
  const missing = Object.entries(index)
    .filter(([, at]) => at < 0)
    .map(
      ([field]) =>
        ({ email: 'email', firstName: 'first name', lastName: 'last name', userTypeId: 'user type' })[field],
    );
  if (missing.length > 0)
    return {
      valid: [],
      errors: [
        {
          row: header.line,
          field: 'file',
          message: `The first row must name the columns; missing: ${missing.join(', ')}.`,
        },
      ],
      totalRows: body.length,
      written: new Map(),
    };
  if (body.length > IMPORT_MAX_ROWS)
    return {
      valid: [],
      errors: [
        {
          row: header.line,
          field: 'file',
          message: `The file has ${body.length.toLocaleString('en-US')} rows; import at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} at a time.`,
        },
      ],
      totalRows: body.length,
      written: new Map(),
    };
  const typeByName = new Map<string, TUserType>();
  for (const type of types) {
    typeByName.set(type.title.trim().toLowerCase(), type);
    typeByName.set(type.pluralTitle.trim().toLowerCase(), type);
  }
  const typeNames = types.map((t) => t.title).join(', ');
  const firstRowOf = new Map<string, number>();
  const valid: TImportRowData[] = [];
  const written = new Map<number, { email: string; name: string }>();
  for (const line of body) {
    const cell = (at: number) => (line.fields[at] ?? '').trim();
    const email = cell(index.email).toLowerCase();
    const firstName = cell(index.firstName);
    const lastName = cell(index.lastName);
    const typeName = cell(index.userTypeId);
    written.set(line.line, { email, name: `${firstName} ${lastName}`.trim() });
    const rowErrors: TImportRowErrorData[] = [];
    const fail = (field: string, message: string) => rowErrors.push({ row: line.line, field, message });
    if (!email) fail('email', 'Email is required.');
    else if (!isValidEmail(email)) fail('email', `“${email}” is not a valid email address.`);
    else if (firstRowOf.has(email)) fail('email', `This email is already on row ${firstRowOf.get(email)}.`);
    else firstRowOf.set(email, line.line);
    if (!firstName) fail('firstName', 'First name is required.');
    else if (firstName.length > NAME_MAX)
      fail('firstName', `First name is too long (${NAME_MAX} characters at most).`);
    if (!lastName) fail('lastName', 'Last name is required.');
    else if (lastName.length > NAME_MAX)
      fail('lastName', `Last name is too long (${NAME_MAX} characters at most).`);
    const type = typeByName.get(typeName.toLowerCase());
    if (!typeName) fail('userType', `User type is required (one of: ${typeNames}).`);
    else if (!type) fail('userType', `“${typeName}” is not a user type of this hub (one of: ${typeNames}).`);
    if (rowErrors.length > 0 || !type) errors.push(...rowErrors);
    else valid.push({ row: line.line, email, firstName, lastName, userTypeId: type.id });
  }
  return { valid, errors, totalRows: body.length, written };
}

/** The hub's user types that members may have (the import's choices). */
export async function importUserTypes(tx: TTx, hubId: number): Promise<TUserType[]> {
  return tx
    .select({ id: userTypes.id, title: userTypes.title, pluralTitle: userTypes.pluralTitle })
    .from(userTypes)
    .where(and(eq(userTypes.hubId, hubId), eq(userTypes.isDisabled, false)))
    .orderBy(asc(userTypes.order), asc(userTypes.title));
}

/**
 * What importing a row does. Into the hub: a new account ('create'), an existing account joining the hub ('add'), a
 * new user type ('update'), or nothing ('unchanged'). Into an organisation (its admins' import) as well: 'create' and
 * 'add' also join the organisation, an approved hub member not yet in it joins it ('join', their user type kept), one
 * already in it is 'unchanged', and a hub member whose membership is not approved is left as is ('notApproved').
 */
export type TPlan = 'create' | 'add' | 'update' | 'join' | 'unchanged' | 'notApproved';

/** The row error a hub member who is not approved gets in an organisation's import: reported, left as is. */
export const NOT_APPROVED_MESSAGE =
  'Their membership of the hub is not approved (pending or declined), so they were left as they are.';

/** What importing each row would do (TPlan), into the hub or, with organizationId, into that organisation too. */
export async function planRows(
  tx: TTx,
  options: { hubId: number; organizationId?: string | null; rows: readonly TImportRowData[] },
): Promise<Array<{ row: TImportRowData; plan: TPlan; userId: string | null }>> {
  if (options.rows.length === 0) return [];
  const organizationId = options.organizationId ?? null;
  const existing = await queryRows<{
    email: string;
    userId: string;
    userTypeId: string | null;
    isMember: boolean;
    isApproved: boolean;
    isInOrganization: boolean;
  }>(
    tx,
    sql`SELECT lower(u.email) AS "email", u.id AS "userId", m.user_type_id AS "userTypeId", (m.id IS NOT NULL) AS "isMember",
               coalesce(m.approved, false) AS "isApproved",
               ${
                 organizationId === null
                   ? sql`false`
                   : sql`EXISTS (SELECT 1 FROM group_memberships g WHERE g.group_id = ${organizationId}::uuid AND g.user_id = u.id AND g.approved IS TRUE)`
               } AS "isInOrganization"
          FROM users u LEFT JOIN hub_memberships m ON m.user_id = u.id AND m.hub_id = ${options.hubId}
         WHERE lower(u.email) = ANY (${sql.raw('ARRAY[')}${sql.join(
           options.rows.map((r) => sql`${r.email}`),
           sql`, `,
         )}${sql.raw(']::text[]')})`,
  );
  const byEmail = new Map(existing.map((e) => [e.email, e]));
  return options.rows.map((row) => {
    const found = byEmail.get(row.email);
    if (!found) return { row, plan: 'create', userId: null };
    if (!found.isMember) return { row, plan: 'add', userId: found.userId };
    if (organizationId !== null) {
      if (!found.isApproved) return { row, plan: 'notApproved', userId: found.userId };
      return { row, plan: found.isInOrganization ? 'unchanged' : 'join', userId: found.userId };
    }
    return { row, plan: found.userTypeId === row.userTypeId ? 'unchanged' : 'update', userId: found.userId };
  });
}

/** Rows a dry run plans per statement (the emails of one ANY array). */
const PLAN_BATCH = 1000;

/**
 * The dry run of a users CSV (issue #22 item 5), into the hub or, with organizationId, into that organisation too:
 * the counts, each row's errors, and each row in the file's order with what importing it would do. Writes nothing.
 */
export async function dryRunImport(
  tx: TTx,
  options: { hubId: number; organizationId: string | null; csv: string },
): Promise<TImportDryRunResponse> {
  const checked = checkUsersCsv(options.csv, await importUserTypes(tx, options.hubId));
  const planned: Awaited<ReturnType<typeof planRows>> = [];
  for (let i = 0; i < checked.valid.length; i += PLAN_BATCH)
    planned.push(
      ...(await planRows(tx, {
        hubId: options.hubId,
        organizationId: options.organizationId,
        rows: checked.valid.slice(i, i + PLAN_BATCH),
      })),
    );
  const count = (...plans: TPlan[]) => planned.filter((p) => plans.includes(p.plan)).length;
  const messagesOf = new Map<number, string[]>();
  for (const error of checked.errors)
    if (error.field !== 'file')
      messagesOf.set(error.row, [...(messagesOf.get(error.row) ?? []), error.message]);
  const rows: TImportRowPlan[] = [
    ...planned.map((p) => ({
      row: p.row.row,
      email: p.row.email,
      name: `${p.row.firstName} ${p.row.lastName}`,
      outcome: p.plan,
      message: p.plan === 'notApproved' ? NOT_APPROVED_MESSAGE : null,
    })),
    ...[...messagesOf].map(([row, messages]) => ({
      row,
      email: checked.written.get(row)?.email ?? '',
      name: checked.written.get(row)?.name ?? '',
      outcome: 'error' as const,
      message: messages.join(' '),
    })),
  ].sort((a, b) => a.row - b.row);
  return {
    totalRows: checked.totalRows,
    validCount: checked.valid.length,
    errorCount: new Set(checked.errors.map((e) => e.row)).size,
    createCount: count('create'),
    updateCount: count('add', 'join', 'update'),
    unchangedCount: count('unchanged'),
    notApprovedCount: count('notApproved'),
    errors: checked.errors.slice(0, IMPORT_MAX_LISTED_ERRORS),
    rows: rows.slice(0, IMPORT_MAX_LISTED_ERRORS),
  };
}

/** The invitation mail of an imported member: a link to choose a password, valid INVITATION_LINK_DAYS. */
function invitation(options: {
  email: string;
  firstName: string;
  hubName: string;
  organizationName: string | null;
  link: string;
}) {
  const joined =
    options.organizationName === null ? options.hubName : `${options.organizationName} in ${options.hubName}`;
  return headerSafeMail({
    to: options.email,
    subject: `You are invited to join ${options.hubName} on Commons`,
    text: `Hi ${options.firstName},\n\nYou have been added to ${joined} on Commons. Choose your password with this link to sign in and finish your profile. It works once and expires in ${INVITATION_LINK_DAYS} days:\n\n${options.link}\n`,
  });
}

type TChunkOutcome = { created: number; updated: number; unchanged: number };

/** The organisation an import adds its people to (its admins' console). */
type TImportOrganization = { id: string; name: string };

/** The readable base of a profile identifier ('ada-lovelace'), as auth's uniqueIdentifier makes it. */
function identifierBase(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'member'
  );
}

/**
 * Unique profile identifiers for a chunk's new accounts in one statement (auth's uniqueIdentifier asks once per
 * name, which made a 10,000-row import take minutes): the taken ones among the bases and their numbered forms are
 * read once, and each name takes the first free one.
 */
async function uniqueIdentifiers(tx: TTx, names: readonly string[]): Promise<string[]> {
  const bases = names.map(identifierBase);
  const distinct = [...new Set(bases)];
  const taken = await queryRows<{ identifier: string }>(
    tx,
    sql`SELECT identifier FROM users WHERE identifier = ANY (${sql.raw('ARRAY[')}${sql.join(
      distinct.map((b) => sql`${b}`),
      sql`, `,
    )}${sql.raw(']::text[]')}) OR identifier LIKE ANY (${sql.raw('ARRAY[')}${sql.join(
      distinct.map((b) => sql`${`${b.replace(/[\\%_]/g, '\\$&')}-%`}`),
      sql`, `,
    )}${sql.raw(']::text[]')})`,
  );
  const used = new Set(taken.map((t) => t.identifier));
  return bases.map((base) => {
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}-${n}`;
    used.add(candidate);
    return candidate;
  });
}

/**
 * Imports rows in one transaction (all or nothing): new accounts with their membership (imported, approved) and an
 * invitation with a link to choose a password; existing accounts join the hub (invited too) or get the row's user
 * type; a member already of that type is left as is, so importing the same file again changes nothing. With an
 * organisation, every row's person also becomes its approved member; a hub member already in the hub keeps their
 * user type (the organisation's admins do not change hub-wide settings), and one whose hub membership is not
 * approved is left as is and reported (`skipped`).
 */
async function importChunk(
  tx: TTx,
  options: {
    clusterId: string;
    hub: { id: number; identifier: string; name: string };
    organization: TImportOrganization | null;
    rows: readonly TImportRowData[];
    now: Date;
    publicUrl: string;
  },
): Promise<TChunkOutcome & { skipped: TImportRowErrorData[] }> {
  const { clusterId, hub, now, organization } = options;
  const planned = await planRows(tx, {
    hubId: hub.id,
    organizationId: organization?.id ?? null,
    rows: options.rows,
  });
  const outcome: TChunkOutcome = { created: 0, updated: 0, unchanged: 0 };
  const invites: Array<{ userId: string; email: string; firstName: string }> = [];
  const toCreate = planned.filter((p) => p.plan === 'create');
  if (toCreate.length > 0) {
    const identifiers = await uniqueIdentifiers(
      tx,
      toCreate.map((p) => `${p.row.firstName}-${p.row.lastName}`),
    );
    const created = toCreate.map((p, i) => ({
      clusterId,
      identifier: identifiers[i] as string,
      firstName: p.row.firstName,
      lastName: p.row.lastName,
      email: p.row.email,
    }));
    const inserted = await tx.insert(users).values(created).returning({ id: users.id, email: users.email });
    const idByEmail = new Map(inserted.map((u) => [u.email, u.id]));
    for (const p of toCreate) p.userId = idByEmail.get(p.row.email) ?? null;
    // The new accounts start with the hub's notification defaults, as accounts made by signup do.
    await applyNotificationDefaults(tx, {
      clusterId,
      hubId: hub.id,
      userIds: inserted.map((u) => u.id),
      now,
    });
    outcome.created += toCreate.length;
  }
  const toJoin = planned.filter((p) => p.plan === 'create' || p.plan === 'add');
  if (toJoin.length > 0) {
    await tx.insert(hubMemberships).values(
      toJoin.map((p) => ({
        clusterId,
        hubId: hub.id,
        userId: p.userId as string, // set above for created rows, found for existing ones
        userTypeId: p.row.userTypeId,
        approved: true,
        parentApproved: true,
        importStatus: 'imported' as const,
        createdAt: now,
      })),
    );
    for (const p of toJoin)
      invites.push({ userId: p.userId as string, email: p.row.email, firstName: p.row.firstName });
    if (organization === null) outcome.updated += toJoin.filter((p) => p.plan === 'add').length;
  }
  if (organization !== null) {
    // Everyone the rows name joins the organisation as an approved member; a request to join, an invitation or a
    // declined request of theirs becomes that membership.
    const toOrganization = planned.filter(
      (p) => p.plan === 'create' || p.plan === 'add' || p.plan === 'join',
    );
    if (toOrganization.length > 0)
      await tx
        .insert(groupMemberships)
        .values(
          toOrganization.map((p) => ({
            clusterId,
            hubId: hub.id,
            groupId: organization.id,
            userId: p.userId as string, // set above for created rows, found for existing ones
            approved: true,
            importStatus: 'imported' as const,
            completedRegistrationDate: now,
            userJoinedAt: now,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [groupMemberships.groupId, groupMemberships.userId],
          set: { approved: true, userJoinedAt: now, updatedAt: now },
        });
    outcome.updated += toOrganization.filter((p) => p.plan !== 'create').length;
  }
  for (const p of planned.filter((x) => x.plan === 'update')) {
    await tx
      .update(hubMemberships)
      .set({ userTypeId: p.row.userTypeId })
      .where(and(eq(hubMemberships.hubId, hub.id), eq(hubMemberships.userId, p.userId as string)));
    await refreshDirectoryEntries(tx, p.userId as string);
    outcome.updated += 1;
  }
  outcome.unchanged += planned.filter((p) => p.plan === 'unchanged').length;
  const skipped = planned
    .filter((p) => p.plan === 'notApproved')
    .map((p) => ({ row: p.row.row, field: 'row', message: NOT_APPROVED_MESSAGE }));
  if (invites.length > 0) {
    const tokens = invites.map(() => newOpaqueToken());
    await tx.insert(passwordResets).values(
      invites.map((invite, i) => ({
        clusterId,
        userId: invite.userId,
        tokenHash: hashOpaqueToken(tokens[i] as string),
        expiresAt: new Date(now.getTime() + INVITATION_LINK_DAYS * 24 * 60 * 60 * 1000),
        createdAt: now,
      })),
    );
    await tx.insert(mailOutbox).values(
      invites.map((invite, i) => {
        const mail = invitation({
          email: invite.email,
          firstName: invite.firstName,
          hubName: hub.name,
          organizationName: organization?.name ?? null,
          link: `${options.publicUrl}${webPaths.hub.resetPassword(hub.identifier, tokens[i])}`,
        });
        return { clusterId, toAddress: mail.to, subject: mail.subject, textBody: mail.text };
      }),
    );
  }
  return { ...outcome, skipped };
}

/** One database failure as a row error people can act on. */
function rowFailure(row: TImportRowData, error: unknown): TImportRowErrorData {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return {
    row: row.row,
    field: code === '23505' ? 'email' : 'row',
    message:
      code === '23505'
        ? 'An account with this email was created at the same time; import the file again.'
        : 'This row could not be imported; nothing of it was saved.',
  };
}

/**
 * Runs the queued users imports (issue #22 item 5), one at a time, on the job queue: each import's rows in chunks,
 * each chunk one transaction that also advances the import's progress, so a page polling it sees the rows counted
 * as they land and a run stopped halfway resumes where it was. Answers how many imports finished.
 */
export async function runQueuedImports(deps: {
  db: TDb;
  clock: () => Date;
  publicUrl: string;
}): Promise<number> {
  let finished = 0;
  for (const clusterId of await listClusterIds(deps.db)) {
    for (;;) {
      const now = deps.clock();
      // Claim the oldest queued import (or one whose run stopped 15 minutes ago) of the cluster.
      const claimed = await withTenant(deps.db, { clusterId, isClusterScope: true }, async (tx) => {
        const [row] = await queryRows<{ id: string }>(
          tx,
          sql`UPDATE admin_imports SET status = 'running', started_at = ${now}
               WHERE id = (SELECT id FROM admin_imports
                            WHERE (status = 'queued' OR (status = 'running' AND started_at < ${new Date(now.getTime() - 15 * 60 * 1000)}))
                            ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
               RETURNING id`,
        );
        if (!row) return null;
        const [job] = await tx.select().from(adminImports).where(eq(adminImports.id, row.id));
        const [hub] = job ? await tx.select().from(hubs).where(eq(hubs.id, job.hubId)) : [];
        const [organization] = job?.organizationId
          ? await tx
              .select({ id: groups.id, name: groups.name })
              .from(groups)
              .where(eq(groups.id, job.organizationId))
          : [];
        return job && hub ? { job, hub, organization: organization ?? null } : null;
      });
      if (!claimed) break;
      await runImport(deps, { clusterId, ...claimed });
      finished += 1;
    }
  }
  return finished;
}

async function runImport(
  deps: { db: TDb; clock: () => Date; publicUrl: string },
  options: {
    clusterId: string;
    job: typeof adminImports.$inferSelect;
    hub: typeof hubs.$inferSelect;
    organization: TImportOrganization | null;
  },
): Promise<void> {
  const { clusterId, job, hub, organization } = options;
  const scope = { clusterId, hubId: hub.id, isClusterScope: true };
  // processedRows counts the checked rows already imported: a run that stopped resumes after them.
  let processed = job.processedRows;
  const totals = { created: job.createdCount, updated: job.updatedCount, unchanged: job.unchangedCount };
  const errors = [...job.errors];
  for (let start = processed; start < job.rows.length; start += CHUNK_SIZE) {
    const chunk = job.rows.slice(start, start + CHUNK_SIZE);
    const chunkErrors: TImportRowErrorData[] = [];
    const outcome: TChunkOutcome = { created: 0, updated: 0, unchanged: 0 };
    const progress = async (tx: TTx, extra: TChunkOutcome, added: TImportRowErrorData[]) => {
      await tx
        .update(adminImports)
        .set({
          processedRows: processed + chunk.length,
          createdCount: totals.created + extra.created,
          updatedCount: totals.updated + extra.updated,
          unchangedCount: totals.unchanged + extra.unchanged,
          errorCount: sql`${adminImports.errorCount} + ${added.length}`,
          errors: [...errors, ...added].slice(0, IMPORT_MAX_LISTED_ERRORS),
        })
        .where(eq(adminImports.id, job.id));
    };
    try {
      // Counted once the chunk's transaction committed (a failed one is redone row by row below).
      const { skipped, ...result } = await withTenant(deps.db, scope, async (tx) => {
        const imported = await importChunk(tx, {
          clusterId,
          hub,
          organization,
          rows: chunk,
          now: deps.clock(),
          publicUrl: deps.publicUrl,
        });
        const { skipped: left, ...counts } = imported;
        await progress(tx, counts, left);
        return imported;
      });
      Object.assign(outcome, result);
      chunkErrors.push(...skipped);
    } catch {
      // Row by row: each its own transaction, so a failing row leaves nothing behind and costs only itself.
      for (const row of chunk) {
        try {
          const result = await withTenant(deps.db, scope, (tx) =>
            importChunk(tx, {
              clusterId,
              hub,
              organization,
              rows: [row],
              now: deps.clock(),
              publicUrl: deps.publicUrl,
            }),
          );
          outcome.created += result.created;
          outcome.updated += result.updated;
          outcome.unchanged += result.unchanged;
          chunkErrors.push(...result.skipped);
        } catch (error) {
          chunkErrors.push(rowFailure(row, error));
        }
      }
      await withTenant(deps.db, scope, (tx) => progress(tx, outcome, chunkErrors));
    }
    processed += chunk.length;
    totals.created += outcome.created;
    totals.updated += outcome.updated;
    totals.unchanged += outcome.unchanged;
    errors.push(...chunkErrors);
  }
  await withTenant(deps.db, scope, async (tx) => {
    const [done] = await tx
      .update(adminImports)
      .set({ status: 'completed', finishedAt: deps.clock(), rows: [] })
      .where(eq(adminImports.id, job.id))
      .returning();
    await tx.insert(auditLog).values({
      clusterId,
      hubId: hub.id,
      actorUserId: job.createdByUserId,
      action: 'admin_data.import_completed',
      targetType: 'admin_import',
      targetId: job.id,
      data: {
        ...(job.organizationId ? { organizationId: job.organizationId } : {}),
        totalRows: done?.totalRows ?? 0,
        created: done?.createdCount ?? 0,
        updated: done?.updatedCount ?? 0,
        unchanged: done?.unchangedCount ?? 0,
        errors: done?.errorCount ?? 0,
      },
    });
  });
}

/** The imports of a hub (every one, its organisations' too) or of one organisation, newest first (the last ten). */
export async function listImports(tx: TTx, target: { hubId: number; organizationId: string | null }) {
  return tx
    .select({ job: adminImports, organizationName: groups.name })
    .from(adminImports)
    .leftJoin(groups, eq(groups.id, adminImports.organizationId))
    .where(
      target.organizationId === null
        ? eq(adminImports.hubId, target.hubId)
        : and(eq(adminImports.hubId, target.hubId), eq(adminImports.organizationId, target.organizationId)),
    )
    .orderBy(sql`${adminImports.createdAt} desc`)
    .limit(10);
}
