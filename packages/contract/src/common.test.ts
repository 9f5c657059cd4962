import { MULTI_LINE_TEXT_MESSAGE, SINGLE_LINE_TEXT_MESSAGE } from '@commons/domain';
import { describe, expect, it } from 'vitest';
import { multiLineText, singleLineText } from './common.js';
import { URL_MESSAGE, webUrl } from './web-url.js';
import { ZPatchProfileRequest } from './profiles.js';
import { ZGroupAnnouncementRequest, ZProgramQuestionInput } from './groups.js';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('singleLineText and multiLineText (issue #13)', () => {
  it('trims a single line and refuses CR, LF, tabs and every other control character with one message', () => {
    const name = singleLineText().min(1).max(40);
    expect(name.parse('  Ada  ')).toBe('Ada');
    expect(name.parse('Ada\r\n')).toBe('Ada');
    for (const value of [
      'Ada\r\nBcc: x@example.test',
      'A\nB',
      'A\tB',
      'A\u0000B',
      'A\u001bB',
      'A\u007fB',
      'A\u0085B',
      'A\u2028B',
    ]) {
      expect(messagesOf(name.safeParse(value)), JSON.stringify(value)).toEqual([SINGLE_LINE_TEXT_MESSAGE]);
    }
    expect(messagesOf(name.safeParse('x'.repeat(41)))).toHaveLength(1);
  });

  it('keeps tabs, LF and CR LF in multi-line text and refuses other control characters', () => {
    const about = multiLineText().max(100);
    expect(about.parse(' one\r\ntwo\n\tthree ')).toBe('one\r\ntwo\n\tthree');
    expect(multiLineText({ isTrimmed: false }).parse(' kept ')).toBe(' kept ');
    for (const value of ['bell\u0007', 'nul\u0000', 'lone\rCR', 'c1\u009b']) {
      expect(messagesOf(about.safeParse(value)), JSON.stringify(value)).toEqual([MULTI_LINE_TEXT_MESSAGE]);
    }
  });

  it('applies the rules to the request schemas: names, subjects, message bodies', () => {
    expect(ZPatchProfileRequest.safeParse({ firstName: 'Eve\r\nBcc: x@example.test' }).success).toBe(false);
    expect(ZPatchProfileRequest.safeParse({ about: 'Hi\nthere' }).success).toBe(true);
    expect(
      ZGroupAnnouncementRequest.safeParse({ subject: 'News\r\nBcc: x@example.test', body: 'Body' }).success,
    ).toBe(false);
    expect(ZGroupAnnouncementRequest.safeParse({ subject: 'News', body: 'Line one\nLine two' }).success).toBe(
      true,
    );
  });
});

describe('webUrl (spec 5 URL, issue #13 item 13)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=abc', true],
    ['http://video.example.org/a', true],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['http://127.0.0.1/', false],
    ['http://192.168.1.10/video', false],
    ['http://localhost/video', false],
    ['ftp://files.example.org/a', false],
  ])('%s valid=%s', (url, isValid) => {
    const result = webUrl().safeParse(url);
    expect(result.success).toBe(isValid);
    if (!isValid) expect(messagesOf(result)).toContain(URL_MESSAGE);
  });

  it('guards the video link of a program question', () => {
    const question = (videoUrl: string | null) => ({
      questionType: 'video',
      texts: { both: { name: 'Watch' } },
      videoUrl,
    });
    expect(ZProgramQuestionInput.safeParse(question('javascript:alert(1)')).success).toBe(false);
    expect(ZProgramQuestionInput.safeParse(question('data:text/html,x')).success).toBe(false);
    expect(ZProgramQuestionInput.safeParse(question('http://10.0.0.1/v')).success).toBe(false);
    expect(ZProgramQuestionInput.safeParse(question('https://video.example.org/welcome')).success).toBe(true);
    expect(ZProgramQuestionInput.safeParse(question(null)).success).toBe(true);
  });
});
