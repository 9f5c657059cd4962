import { inArray } from 'drizzle-orm';
import type { TTx } from '../client.js';
import { users, videoAnswers, videoPrompts } from '../schema/index.js';
import { DAY_MS } from './demo-content.js';

/** The demo's video prompts (issue #20 items 3 and 6): their questions and who answered them with a link. */
const DEMO_VIDEO_PROMPTS = [
  {
    question: 'What does a normal workday look like for you?',
    description: 'Walk students through a real day: a minute or two is plenty.',
    answers: [
      { role: 'alumni', linkUrl: 'https://video.example.org/watch/alex-workday' },
      { role: 'faculty', linkUrl: 'https://video.example.org/watch/fran-workday' },
    ],
  },
  {
    question: 'What advice would you give your first-year self?',
    description: 'Record it in your browser, upload a video, or share a link.',
    answers: [{ role: 'alumni', linkUrl: 'https://video.example.org/watch/alex-first-year' }],
  },
] as const;

/**
 * Two video prompts of a hub with answers (issue #20 item 6): the demo alumnus and faculty member answered by
 * links (no video bytes are committed or generated), so a newcomer sees others' answers and the alumnus's
 * profile section videoAnswers; the demo student records their own.
 */
export async function seedDemoVideoPrompts(
  tx: TTx,
  options: { clusterId: string; now: Date; hub: { id: number; identifier: string } },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const emails = ['alumni', 'faculty'].map((role) => `${role}@${hub.identifier}.example.edu`);
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = (role: string) => {
    const id = people.find((p) => p.email === `${role}@${hub.identifier}.example.edu`)?.id;
    if (!id) throw new Error(`demo ${role}@${hub.identifier} missing`);
    return id;
  };
  for (const [index, demo] of DEMO_VIDEO_PROMPTS.entries()) {
    const createdAt = new Date(now.getTime() - (20 - index) * DAY_MS);
    const [prompt] = await tx
      .insert(videoPrompts)
      .values({
        clusterId,
        hubId: hub.id,
        question: demo.question,
        description: demo.description,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: videoPrompts.id });
    if (!prompt) throw new Error('demo video prompt not inserted');
    for (const [answerIndex, answer] of demo.answers.entries()) {
      const answeredAt = new Date(createdAt.getTime() + (answerIndex + 1) * DAY_MS);
      await tx.insert(videoAnswers).values({
        clusterId,
        hubId: hub.id,
        promptId: prompt.id,
        userId: idOf(answer.role),
        source: 'link',
        linkUrl: answer.linkUrl,
        createdAt: answeredAt,
        updatedAt: answeredAt,
      });
    }
  }
}
