import { DEFAULT_ASSESSMENT_NAME } from '@commons/domain';
import { eq, inArray } from 'drizzle-orm';
import { encryptSecretAtRest } from '../../lib/secrets-at-rest.js';
import {
  DEMO_ASSESSMENT_LAUNCH_PATH,
  demoAssessmentSecret,
} from '../../modules/assessments/assessments.demo-provider.js';
import { ASSESSMENT_SETTINGS_KEY } from '../../modules/assessments/assessments.policy.js';
import type { TTx } from '../client.js';
import { assessmentLaunches, assessmentResults, assessments, hubSettings, users } from '../schema/index.js';
import { DAY_MS } from './demo-content.js';

/** The demo assessment's slug: /hub/{hub}/career-assessment/pathwayu. */
export const DEMO_ASSESSMENT_SLUG = 'pathwayu';

/**
 * The demo's career assessment (issue #20 items 4 and 6): one configured assessment, 'PathwayU', whose launch page
 * is served by the demo server itself (modules/assessments/assessments.demo-provider.ts: the token's claims and a
 * Finish button that posts signed results to the webhook), its shared secret derived from the server secret and
 * stored encrypted; the hub's tab is on, so the complete_pathwayu_assessment action item shows. The demo alumnus
 * took it last month (their profile shows the result); the demo student has not, so a newcomer can run it end to end.
 */
export async function seedDemoAssessments(
  tx: TTx,
  options: {
    clusterId: string;
    now: Date;
    hub: { id: number; identifier: string };
    serverSecret: Uint8Array;
  },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const [assessment] = await tx
    .insert(assessments)
    .values({
      clusterId,
      hubId: hub.id,
      name: DEFAULT_ASSESSMENT_NAME,
      slug: DEMO_ASSESSMENT_SLUG,
      description:
        'A ten-minute look at what you enjoy, and the careers that fit it. (In this demo the assessment is served by Commons itself.)',
      launchUrl: DEMO_ASSESSMENT_LAUNCH_PATH,
      secretCiphertext: encryptSecretAtRest(demoAssessmentSecret(options.serverSecret), options.serverSecret),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: assessments.id });
  if (!assessment) throw new Error('demo assessment not inserted');

  const [settingsRow] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
  if (!settingsRow) throw new Error('demo hub settings missing');
  await tx
    .update(hubSettings)
    .set({
      settings: {
        ...settingsRow.settings,
        moduleSettings: {
          ...settingsRow.settings.moduleSettings,
          [ASSESSMENT_SETTINGS_KEY]: { tabName: DEFAULT_ASSESSMENT_NAME, isEnabled: true },
        },
      },
    })
    .where(eq(hubSettings.hubId, hub.id));

  const [alumnus] = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, [`alumni@${hub.identifier}.example.edu`]));
  if (!alumnus) throw new Error(`demo alumni@${hub.identifier} missing`);
  const takenAt = new Date(now.getTime() - 30 * DAY_MS);
  const [launch] = await tx
    .insert(assessmentLaunches)
    .values({ clusterId, hubId: hub.id, assessmentId: assessment.id, userId: alumnus.id, createdAt: takenAt })
    .returning({ id: assessmentLaunches.id });
  if (!launch) throw new Error('demo launch not inserted');
  await tx.insert(assessmentResults).values({
    clusterId,
    hubId: hub.id,
    assessmentId: assessment.id,
    launchId: launch.id,
    userId: alumnus.id,
    deliveryId: `demo-${launch.id}`,
    summary: 'You like to make things work: engineering and hands-on technical roles suit you.',
    matches: [
      { title: 'Mechanical engineer', score: 92 },
      { title: 'Electrician', score: 85 },
      { title: 'Architect', score: 78 },
    ],
    completedAt: new Date(takenAt.getTime() + 12 * 60 * 1000),
    receivedAt: new Date(takenAt.getTime() + 12 * 60 * 1000),
  });
}
