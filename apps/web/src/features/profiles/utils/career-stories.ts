import {
  ZPutCareerStoriesRequest,
  type TCareerAdviceSection,
  type TPutCareerStoriesRequest,
} from '@commons/contract';
import { CAREER_STORY_MIN_WORDS, careerStoryNudges, type TCareerStoryNudge } from '@commons/domain';
import { mediaErrorName } from '../../../lib/media-error-name';

/** What the owner is typing for one prompt. */
export interface TCareerStoryDraft {
  value: string;
  link: string;
}

/** Plain-sentence wording of each career story nudge (spec 5 Career story nudges). */
export const CAREER_STORY_NUDGE_MESSAGES: Readonly<Record<TCareerStoryNudge, string>> = {
  getStarted: 'Not sure where to start? Write one sentence about the first step that mattered to you.',
  shortAnswer: 'A few more details would help students picture your path.',
  completedPraise: 'Great story. Students learn a lot from answers like this one.',
  paragraphBreak: 'Tip: a long paragraph is easier to read when you split it with an empty line.',
  sentenceBreak: 'Tip: one sentence is very long. Splitting it makes it easier to follow.',
  lowWordCount: `Your story has fewer than ${CAREER_STORY_MIN_WORDS} words. Aim for at least ${CAREER_STORY_MIN_WORDS} so readers get the full picture.`,
};

/** The nudges to show for an answer, as sentences; nothing before the owner first focused the field. */
export function careerStoryNudgeMessages(options: {
  text: string;
  startedAt: number | null;
  now: number;
}): string[] {
  if (options.startedAt === null) return [];
  const elapsedSeconds = Math.max(0, Math.floor((options.now - options.startedAt) / 1000));
  return careerStoryNudges({ text: options.text, elapsedSeconds }).map(
    (nudge) => CAREER_STORY_NUDGE_MESSAGES[nudge],
  );
}

/** The drafts of every prompt from the owner's section. */
export function careerStoryDraftsOf(section: TCareerAdviceSection): Record<string, TCareerStoryDraft> {
  return Object.fromEntries(
    section.prompts.map((p) => [p.id, { value: p.item?.value ?? '', link: p.item?.link ?? '' }]),
  );
}

/** The PUT request for the drafts, in prompt order; blank text and links are sent as null. */
export function careerStoriesRequestOf(
  promptIds: readonly string[],
  drafts: Readonly<Record<string, TCareerStoryDraft>>,
): TPutCareerStoriesRequest {
  return {
    items: promptIds.map((promptId) => {
      const value = (drafts[promptId]?.value ?? '').trim();
      const link = (drafts[promptId]?.link ?? '').trim();
      return { promptId, value: value === '' ? null : value, link: link === '' ? null : link };
    }),
  };
}

/** Whether any draft differs from what was saved. */
export function areCareerStoryDraftsDirty(
  saved: Readonly<Record<string, TCareerStoryDraft>>,
  drafts: Readonly<Record<string, TCareerStoryDraft>>,
): boolean {
  return Object.keys(drafts).some(
    (id) =>
      (drafts[id]?.value ?? '') !== (saved[id]?.value ?? '') ||
      (drafts[id]?.link ?? '').trim() !== (saved[id]?.link ?? ''),
  );
}

/**
 * Field errors of the request keyed by prompt id and field (`{promptId}.value`), from the contract's
 * schema in the browser or from the server's `items.{index}.{field}` answer.
 */
export function careerStoryErrorsByPrompt(
  promptIds: readonly string[],
  fields: Readonly<Record<string, string>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^items\.(\d+)\.(value|link|promptId)$/.exec(path);
    const promptId = match ? promptIds[Number(match[1])] : undefined;
    if (match && promptId !== undefined)
      errors[`${promptId}.${match[2] === 'promptId' ? 'value' : match[2]}`] ??= message;
  }
  return errors;
}

/** Checks the request with the contract's schema before it is sent. */
export function validateCareerStories(
  promptIds: readonly string[],
  request: TPutCareerStoriesRequest,
): Record<string, string> {
  const result = ZPutCareerStoriesRequest.safeParse(request);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.map(String).join('.')] ??= issue.message;
  return careerStoryErrorsByPrompt(promptIds, fields);
}

/** Recording formats in the order tried: Chromium and Firefox record WebM or Ogg Opus, Safari MP4. */
const RECORDING_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/ogg;codecs=opus',
  'audio/mp4',
] as const;

/** The first recording format the browser supports, or '' to let it choose. */
export function pickRecordingMimeType(isTypeSupported: (type: string) => boolean): string {
  return RECORDING_TYPES.find((type) => isTypeSupported(type)) ?? '';
}

/** Why recording could not start, in plain words (getUserMedia and MediaRecorder errors). */
export function recordingErrorMessage(error: unknown): string {
  switch (mediaErrorName(error)) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'Your browser did not allow the microphone. To record, allow microphone access for this site in your browser settings and try again, or upload an audio file instead.';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'No microphone was found. Connect a microphone and try again, or upload an audio file instead.';
    case 'NotReadableError':
    case 'TrackStartError':
      return 'Your microphone is in use by another app or could not be started. Close the other app and try again.';
    case 'SecurityError':
      return 'Recording needs a secure connection (https). Upload an audio file instead.';
    case 'NotSupportedError':
      return 'This browser cannot record audio. Upload an audio file instead.';
    default:
      return 'Recording could not start. Try again, or upload an audio file instead.';
  }
}

/** A short text alternative for an audio answer, naming the question it answers. */
export function audioAnswerLabel(options: { promptText: string; isRecorded: boolean }): string {
  return `${options.isRecorded ? 'Recorded' : 'Uploaded'} audio answer to “${options.promptText}”`;
}
