import { and, eq } from 'drizzle-orm';
import type { TTx } from '../client.js';
import { groups, users, userTypes } from '../schema/index.js';
import { hubProfileFields, userProfileFieldValues } from '../schema/profile-fields.js';

/** The demo hub's custom profile fields (issue #22 item 1) and the demo student's answers. */
const DEMO_PROFILE_FIELDS = [
  {
    label: 'Career goals',
    slug: 'career-goals',
    description: 'A few sentences on where you would like your studies to take you.',
    type: 'paragraph',
    options: [] as string[],
    isStudentsOnly: true,
    studentAnswer:
      'I would like to work in public health, first on data for community clinics.\n\nLater I hope to teach statistics to people who think they are bad at maths.',
  },
  {
    label: 'Preferred campus',
    slug: 'preferred-campus',
    description: '',
    type: 'single-choice',
    options: ['North campus', 'South campus', 'Online'],
    isStudentsOnly: false,
    studentAnswer: 'North campus',
  },
  {
    label: 'Languages for mentoring',
    slug: 'mentoring-languages',
    description: 'The languages you are happy to meet in.',
    type: 'multi-choice',
    options: ['English', 'Spanish', 'Mandarin', 'French'],
    isStudentsOnly: false,
    studentAnswer: ['English', 'Spanish'],
  },
] as const;

/**
 * The Alumni Association's own fields (spec 6 Organisation admins: custom-fields): asked of its members only, in a
 * block of their profile named after it; faculty@ (its admin) manages them in the organisation's console. The demo
 * alumnus answers the chapter.
 */
const DEMO_ASSOCIATION_FIELDS = [
  {
    label: 'Chapter',
    slug: 'alumni-chapter',
    description: 'The local chapter whose events you go to.',
    type: 'single-choice',
    options: ['Northfield city', 'Lakeside', 'Capital region', 'Overseas'],
    alumniAnswer: 'Lakeside' as string | null,
  },
  {
    label: 'Willing to volunteer at reunions',
    slug: 'alumni-reunion-volunteer',
    description: '',
    type: 'single-choice',
    options: ['Yes', 'Maybe', 'No'],
    alumniAnswer: null,
  },
] as const;

/** The Alumni Association's fields and the demo alumnus's answer. */
async function seedDemoAssociationFields(
  tx: TTx,
  options: { clusterId: string; now: Date; hub: { id: number; identifier: string } },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const [association] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.hubId, hub.id), eq(groups.identifier, `${hub.identifier}-alumni-association`)))
    .limit(1);
  const [alumnus] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clusterId, clusterId), eq(users.email, `alumni@${hub.identifier}.example.edu`)))
    .limit(1);
  if (!association || !alumnus) throw new Error(`demo Alumni Association of ${hub.identifier} missing`);
  for (const [order, demo] of DEMO_ASSOCIATION_FIELDS.entries()) {
    const [field] = await tx
      .insert(hubProfileFields)
      .values({
        clusterId,
        hubId: hub.id,
        organizationId: association.id,
        label: demo.label,
        slug: demo.slug,
        description: demo.description,
        type: demo.type,
        options: [...demo.options],
        order,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: hubProfileFields.id });
    if (!field) throw new Error('demo organisation field not inserted');
    if (demo.alumniAnswer !== null)
      await tx.insert(userProfileFieldValues).values({
        clusterId,
        hubId: hub.id,
        fieldId: field.id,
        userId: alumnus.id,
        value: demo.alumniAnswer,
        updatedAt: now,
      });
  }
}

/**
 * Three custom profile fields of a hub (a paragraph for students, a single and a multiple choice for everyone),
 * none required, answered by the demo student: their profile's Additional information shows them and the hub
 * admin's Profile fields page lists them with answer counts. Then the Alumni Association's own fields.
 */
export async function seedDemoProfileFields(
  tx: TTx,
  options: { clusterId: string; now: Date; hub: { id: number; identifier: string } },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const [studentType] = await tx
    .select({ id: userTypes.id })
    .from(userTypes)
    .where(and(eq(userTypes.hubId, hub.id), eq(userTypes.standardUserType, 'Student')))
    .limit(1);
  const [student] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clusterId, clusterId), eq(users.email, `student@${hub.identifier}.example.edu`)))
    .limit(1);
  if (!studentType || !student) throw new Error(`demo student of ${hub.identifier} missing`);
  for (const [order, demo] of DEMO_PROFILE_FIELDS.entries()) {
    const [field] = await tx
      .insert(hubProfileFields)
      .values({
        clusterId,
        hubId: hub.id,
        label: demo.label,
        slug: demo.slug,
        description: demo.description,
        type: demo.type,
        options: [...demo.options],
        userTypeIds: demo.isStudentsOnly ? [studentType.id] : [],
        order,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: hubProfileFields.id });
    if (!field) throw new Error('demo profile field not inserted');
    await tx.insert(userProfileFieldValues).values({
      clusterId,
      hubId: hub.id,
      fieldId: field.id,
      userId: student.id,
      value: typeof demo.studentAnswer === 'string' ? demo.studentAnswer : [...demo.studentAnswer],
      updatedAt: now,
    });
  }
  await seedDemoAssociationFields(tx, options);
}
