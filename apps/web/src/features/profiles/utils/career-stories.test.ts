import { describe, expect, it } from 'vitest';
import {
  areCareerStoryDraftsDirty,
  audioAnswerLabel,
  CAREER_STORY_NUDGE_MESSAGES,
  careerStoriesRequestOf,
  careerStoryErrorsByPrompt,
  careerStoryNudgeMessages,
  pickRecordingMimeType,
  recordingErrorMessage,
  validateCareerStories,
} from './career-stories';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('career story nudges', () => {
  it('shows nothing before the first focus, and the get-started hint after 30 seconds of an empty answer', () => {
    expect(careerStoryNudgeMessages({ text: '', startedAt: null, now: 100_000 })).toEqual([]);
    expect(careerStoryNudgeMessages({ text: '', startedAt: 0, now: 29_000 })).toEqual([]);
    expect(careerStoryNudgeMessages({ text: '', startedAt: 0, now: 30_000 })).toEqual([
      CAREER_STORY_NUDGE_MESSAGES.getStarted,
    ]);
  });

  it('warns about a low word count and adds the short-answer hint after 120 seconds', () => {
    expect(careerStoryNudgeMessages({ text: 'I began as an intern.', startedAt: 0, now: 60_000 })).toEqual([
      CAREER_STORY_NUDGE_MESSAGES.lowWordCount,
    ]);
    expect(careerStoryNudgeMessages({ text: 'I began as an intern.', startedAt: 0, now: 120_000 })).toEqual([
      CAREER_STORY_NUDGE_MESSAGES.shortAnswer,
      CAREER_STORY_NUDGE_MESSAGES.lowWordCount,
    ]);
  });

  it('praises a complete answer and suggests breaking an over-long sentence', () => {
    const messages = careerStoryNudgeMessages({ text: `${words(60)}.`, startedAt: 0, now: 10_000 });
    expect(messages).toEqual([
      CAREER_STORY_NUDGE_MESSAGES.completedPraise,
      CAREER_STORY_NUDGE_MESSAGES.sentenceBreak,
    ]);
    expect(messages.every((m) => /^[A-Z].*\.$/.test(m))).toBe(true);
  });
});

describe('career story drafts', () => {
  it('builds the request in prompt order with blanks as null, and notices changes', () => {
    const saved = { journey: { value: 'Old', link: '' }, advice: { value: '', link: '' } };
    const drafts = {
      journey: { value: ' New ', link: ' https://example.org ' },
      advice: { value: '  ', link: '' },
    };
    expect(careerStoriesRequestOf(['journey', 'advice'], drafts)).toEqual({
      items: [
        { promptId: 'journey', value: 'New', link: 'https://example.org' },
        { promptId: 'advice', value: null, link: null },
      ],
    });
    expect(areCareerStoryDraftsDirty(saved, drafts)).toBe(true);
    expect(areCareerStoryDraftsDirty(saved, { ...saved })).toBe(false);
  });

  it('maps the contract’s and the server’s errors to the prompt’s fields', () => {
    const request = careerStoriesRequestOf(['journey', 'advice'], {
      journey: { value: 'x', link: 'javascript:alert(1)' },
      advice: { value: 'a'.repeat(5001), link: '' },
    });
    expect(validateCareerStories(['journey', 'advice'], request)).toEqual({
      'journey.link': 'Enter a link that starts with http:// or https://.',
      'advice.value': 'Keep your story under 5,000 characters.',
    });
    expect(
      careerStoryErrorsByPrompt(['journey'], {
        'items.0.promptId': 'This question is not asked in your hub.',
        other: 'x',
      }),
    ).toEqual({
      'journey.value': 'This question is not asked in your hub.',
    });
  });
});

describe('recording', () => {
  it('picks the first supported format', () => {
    expect(pickRecordingMimeType((type) => type === 'audio/mp4')).toBe('audio/mp4');
    expect(pickRecordingMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingMimeType(() => false)).toBe('');
  });

  it('explains a refused microphone and a missing one in plain words', () => {
    expect(recordingErrorMessage(new DOMException('denied', 'NotAllowedError'))).toMatch(
      /did not allow the microphone/,
    );
    expect(recordingErrorMessage({ name: 'NotFoundError' })).toMatch(/No microphone was found/);
    expect(recordingErrorMessage(new Error('boom'))).toMatch(/Recording could not start/);
  });

  it('labels an audio answer with its question', () => {
    expect(audioAnswerLabel({ promptText: 'Why?', isRecorded: true })).toBe(
      'Recorded audio answer to “Why?”',
    );
  });
});
