import {
  CAREER_STORY_ENDPOINTS,
  endpointPath,
  type TCareerAdviceSection,
  type TCareerStoryItemDto,
  type TCareerStoryPromptDto,
} from '@commons/contract';
import { isCareerStoryItemEmpty } from '@commons/domain';
import type { careerStories } from '../../db/schema/index.js';

type TCareerStoryRow = typeof careerStories.$inferSelect;

/** The URL of an audio answer (needs the bearer token); the version busts caches when it is replaced. */
export function careerStoryAudioSrc(identifier: string, row: TCareerStoryRow): string | null {
  if (row.audioKey === null) return null;
  const path = endpointPath(CAREER_STORY_ENDPOINTS.audio.path, { identifier, promptId: row.promptId });
  return `${path}?v=${row.updatedAt.getTime()}`;
}

/** One stored answer as spec 3's Career story item. */
export function presentCareerStoryItem(identifier: string, row: TCareerStoryRow): TCareerStoryItemDto {
  return {
    value: row.value,
    link: row.link,
    audioSrc: careerStoryAudioSrc(identifier, row),
    audioMimeType: row.audioKey === null ? null : row.audioMimeType,
    recorded: row.audioKey !== null && row.isRecorded,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The careerAdvice section: the hub's prompts in order with the owner's answers. The owner sees every
 * prompt (to answer it); others see only answered ones, empty items omitted (spec 5 Career-story item).
 */
export function presentCareerAdvice(options: {
  identifier: string;
  prompts: TCareerStoryPromptDto[];
  rows: TCareerStoryRow[];
  isOwner: boolean;
}): TCareerAdviceSection {
  const byPrompt = new Map(options.rows.map((row) => [row.promptId, row]));
  const prompts = options.prompts.map((prompt) => {
    const row = byPrompt.get(prompt.id);
    const item = row ? presentCareerStoryItem(options.identifier, row) : null;
    return { ...prompt, item: item !== null && isCareerStoryItemEmpty(item) ? null : item };
  });
  return { prompts: options.isOwner ? prompts : prompts.filter((p) => p.item !== null) };
}
