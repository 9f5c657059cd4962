import { and, eq, sql } from 'drizzle-orm';
import type { TTx } from '../client.js';
import {
  groups,
  hubAutoGreetings,
  hubSettings,
  outreachTemplates,
  users,
  userTypes,
} from '../schema/index.js';

/**
 * What a hub's new members meet first (issue #22 item 1), so a newcomer finds each screen filled in: an outreach
 * template of the hub for students writing to alumni (the demo student's composer offers it instead of the
 * defaults), one of the Alumni Association for its alumni writing to its students (spec 6 Organisation admins:
 * templates; faculty@ administers it), and the auto-greeting turned on, sent by the demo hub admin.
 */
export async function seedDemoWelcome(
  tx: TTx,
  options: { clusterId: string; now: Date; hub: { id: number; identifier: string; name: string } },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const typeId = async (standardUserType: string) => {
    const [row] = await tx
      .select({ id: userTypes.id })
      .from(userTypes)
      .where(and(eq(userTypes.hubId, hub.id), eq(userTypes.standardUserType, standardUserType)))
      .limit(1);
    if (!row) throw new Error(`demo ${hub.identifier} has no ${standardUserType} user type`);
    return row.id;
  };
  await tx.insert(outreachTemplates).values({
    clusterId,
    hubId: hub.id,
    senderUserTypeId: await typeId('Student'),
    recipientUserTypeId: await typeId('Alumni'),
    position: 0,
    title: `A ${hub.name} student asking for advice`,
    body:
      `Hi [add name], I am a ${hub.name} student and your path into [add field] caught my eye. ` +
      'Would you have time for a 30-minute call in the next few weeks to share how you got started?',
    updatedAt: now,
  });
  const [association] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.hubId, hub.id), eq(groups.identifier, `${hub.identifier}-alumni-association`)))
    .limit(1);
  if (!association) throw new Error(`demo ${hub.identifier} has no Alumni Association`);
  await tx.insert(outreachTemplates).values({
    clusterId,
    hubId: hub.id,
    organizationId: association.id,
    senderUserTypeId: await typeId('Alumni'),
    recipientUserTypeId: await typeId('Student'),
    position: 0,
    title: 'An Alumni Association member offering help',
    body:
      `Hi [add name], I am a ${hub.name} graduate and a member of the Alumni Association. ` +
      'I work in [add field] and would be glad to answer your questions about it: would a 20-minute call suit you?',
    updatedAt: now,
  });
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `hubadmin@${hub.identifier}.example.edu`))
    .limit(1);
  if (!admin) throw new Error(`demo hubadmin@${hub.identifier} missing`);
  await tx.insert(hubAutoGreetings).values({
    hubId: hub.id,
    clusterId,
    senderUserId: admin.id,
    body:
      'Hi {first name},\n\nwelcome to {hub name}! I look after the community here. Browse the directory to ' +
      'find alumni in fields you are curious about, and reply to this message if you have any questions.',
    updatedAt: now,
  });
  await tx
    .update(hubSettings)
    .set({
      settings: sql`jsonb_set(${hubSettings.settings}, '{featureFlags,autoGreeting}', 'true'::jsonb, true)`,
    })
    .where(eq(hubSettings.hubId, hub.id));
}
