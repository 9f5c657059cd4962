import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TTx } from '../client.js';
import {
  clusterEmailTemplates,
  clusterLandingPages,
  clusterMajors,
  hubDomains,
  hubs,
} from '../schema/index.js';
import { MAJORS } from './demo-people.js';

/**
 * The demo cluster's landing page and majors catalogue (issue #23 item 2), so a visitor of `/` sees the cluster's
 * own page and the cluster admin's console has content to edit: the majors the demo people studied, in order, and
 * one archived. Northfield has one custom domain waiting for its DNS record (pending: example.edu never resolves).
 * The welcome email of approved members is in the cluster's own words, so the email templates show a customised one.
 */
export async function seedDemoClusterAdmin(
  tx: TTx,
  options: { clusterId: string; now: Date; clusterAdminId: string },
): Promise<void> {
  const { clusterId, now } = options;
  await tx.insert(clusterLandingPages).values({
    clusterId,
    title: 'Welcome to the Northfield community',
    bodyHtml:
      '<p>Students, alumni, faculty and employers of <strong>Northfield University</strong> meet here for mentoring, advice, events and jobs.</p><ul><li><p>Ask alumni about their careers</p></li><li><p>Find events and programs on campus and online</p></li><li><p>Discover internships and jobs posted by employers who hire our graduates</p></li></ul>',
    ctaLabel: 'Join Northfield',
    ctaUrl: '/hub/northfield/signup',
    updatedByUserId: options.clusterAdminId,
    updatedAt: now,
  });
  await tx.insert(clusterMajors).values([
    ...MAJORS.map((name, position) => ({ clusterId, name, position, createdAt: now, updatedAt: now })),
    {
      clusterId,
      name: 'Home Economics',
      position: MAJORS.length,
      archivedAt: now,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  await tx.insert(clusterEmailTemplates).values({
    clusterId,
    templateKey: 'membership-approved',
    subject: 'Welcome to {{hubName}}, fellow Owl!',
    body: 'Hi {{firstName}},\n\nGood news: your membership of {{hubName}} was approved. Alumni, students and faculty of Northfield are waiting to meet you:\n{{hubLink}}\n\nSee you inside,\nThe Northfield Alumni Office',
    updatedByUserId: options.clusterAdminId,
    updatedAt: now,
  });
  const [northfield] = await tx
    .select({ id: hubs.id })
    .from(hubs)
    .where(eq(hubs.identifier, 'northfield'))
    .limit(1);
  if (northfield)
    await tx.insert(hubDomains).values({
      clusterId,
      hubId: northfield.id,
      domain: 'alumni.northfield.example.edu',
      verificationToken: randomBytes(24).toString('base64url'),
      createdAt: now,
    });
}
