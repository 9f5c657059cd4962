import { and, eq, isNotNull } from 'drizzle-orm';
import { careerStories } from '../../db/schema/index.js';
import type { TRequestContext } from '../../plugins/request-context.js';

/** The user's career story of a prompt when it holds an audio answer. */
export async function findCareerStoryWithAudio(
  ctx: TRequestContext,
  options: { userId: string; promptId: string },
) {
  const [found] = await ctx.tx
    .select()
    .from(careerStories)
    .where(
      and(
        eq(careerStories.userId, options.userId),
        eq(careerStories.promptId, options.promptId),
        isNotNull(careerStories.audioKey),
      ),
    )
    .limit(1);
  return found;
}
