import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../client.js';
import { hashOpaqueToken } from '../../lib/tokens.js';
import { scimGroupMembers, scimGroups, scimTokens, scimUsers, users, userTypes } from '../schema/index.js';
import { DAY_MS } from './demo-content.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * SCIM provisioning of the demo cluster (issue #24 item 6), so the sso-settings page has something to explore: a
 * token an identity provider last used two hours ago (its secret is random and never shown: create a new one to
 * try the API), a revoked one, and two pushed groups, one mapped to the first hub's Faculty & Staff type.
 */
export async function seedDemoScim(
  tx: TTx,
  options: { clusterId: string; now: Date; clusterAdminId: string; hub: { id: number; identifier: string } },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const token = (name: string, createdAt: Date, extra: { lastUsedAt?: Date; revokedAt?: Date }) => {
    const secret = `scim_${randomBytes(32).toString('base64url')}`;
    return {
      clusterId,
      name,
      tokenHash: hashOpaqueToken(secret),
      tokenPrefix: secret.slice(0, 11),
      createdByUserId: options.clusterAdminId,
      createdAt,
      ...extra,
    };
  };
  await tx
    .insert(scimTokens)
    .values([
      token('Microsoft Entra ID', ago(30 * DAY_MS), { lastUsedAt: ago(2 * HOUR_MS) }),
      token('Okta trial', ago(60 * DAY_MS), { lastUsedAt: ago(45 * DAY_MS), revokedAt: ago(40 * DAY_MS) }),
    ]);
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(users.email, [
        `faculty@${hub.identifier}.example.edu`,
        `student@${hub.identifier}.example.edu`,
      ]),
    );
  const idOf = (role: string) => {
    const person = people.find((p) => p.email === `${role}@${hub.identifier}.example.edu`);
    if (!person) throw new Error(`demo ${role}@${hub.identifier} missing`);
    return person.id;
  };
  const [facultyType] = await tx
    .select({ id: userTypes.id })
    .from(userTypes)
    .where(and(eq(userTypes.hubId, hub.id), eq(userTypes.title, 'Faculty & Staff')));
  if (!facultyType) throw new Error('demo Faculty & Staff type missing');
  await tx.insert(scimUsers).values(
    ['faculty', 'student'].map((role, i) => ({
      userId: idOf(role),
      clusterId,
      externalId: `entra-${i + 1}`,
      createdAt: ago(30 * DAY_MS),
      updatedAt: ago(2 * HOUR_MS),
    })),
  );
  const groups = await tx
    .insert(scimGroups)
    .values([
      {
        clusterId,
        displayName: 'Faculty and staff',
        externalId: 'entra-group-faculty',
        hubId: hub.id,
        userTypeId: facultyType.id,
        createdAt: ago(30 * DAY_MS),
        updatedAt: ago(2 * HOUR_MS),
      },
      {
        clusterId,
        displayName: 'All students',
        externalId: 'entra-group-students',
        createdAt: ago(30 * DAY_MS),
        updatedAt: ago(2 * HOUR_MS),
      },
    ])
    .returning({ id: scimGroups.id, displayName: scimGroups.displayName });
  const groupId = (name: string) => groups.find((g) => g.displayName === name)?.id ?? '';
  await tx.insert(scimGroupMembers).values([
    { groupId: groupId('Faculty and staff'), userId: idOf('faculty'), clusterId },
    { groupId: groupId('All students'), userId: idOf('student'), clusterId },
  ]);
}
