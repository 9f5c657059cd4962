import { describe, expect, it } from 'vitest';
import { fileSizeLabel, stepFileProblem, textCount, unsavedTextReason } from './answer-rules';

describe('unsavedTextReason (spec 5 Profile answer saving)', () => {
  it('keeps an empty answer, also one of markup only', () => {
    expect(unsavedTextReason('   ', { isCounted: false })).toBe('An empty answer is not saved.');
    expect(unsavedTextReason('<p> </p>', { isCounted: true })).toBe('An empty answer is not saved.');
  });

  it('keeps a counted answer under 50 or over 1000 characters, with the count', () => {
    expect(unsavedTextReason('Went well.', { isCounted: true })).toBe(
      'Write at least 50 characters (10 so far).',
    );
    expect(unsavedTextReason('x'.repeat(1001), { isCounted: true })).toBe(
      'Keep your answer to 1000 characters (1001 now).',
    );
    expect(unsavedTextReason('x'.repeat(50), { isCounted: true })).toBeNull();
  });

  it('does not count a link answer', () => {
    expect(unsavedTextReason('https://example.org', { isCounted: false })).toBeNull();
  });

  it('counts characters without markup, as the server does', () => {
    expect(textCount('<p>Hello&nbsp;there</p>')).toBe(11);
  });
});

describe('stepFileProblem', () => {
  it('takes PDF and DOCX files up to 10 MB', () => {
    expect(stepFileProblem({ name: 'cv.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(stepFileProblem({ name: 'cv.DOCX', type: '', size: 1000 })).toBeNull();
    expect(stepFileProblem({ name: 'cv.png', type: 'image/png', size: 1000 })).toBe(
      'Choose a PDF or Word (DOCX) file.',
    );
    expect(stepFileProblem({ name: 'cv.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toBe(
      'Choose a file of at most 10 MB.',
    );
    expect(stepFileProblem({ name: 'cv.pdf', type: 'application/pdf', size: 0 })).toBe('This file is empty.');
  });

  it('words a size', () => {
    expect(fileSizeLabel(300)).toBe('1 KB');
    expect(fileSizeLabel(820 * 1024)).toBe('820 KB');
    expect(fileSizeLabel(1.4 * 1024 * 1024)).toBe('1.4 MB');
  });
});
