import { describe, expect, it } from 'vitest';
import {
  assessmentSlugOf,
  ASSESSMENT_SLUG_PATTERN,
  DEFAULT_ASSESSMENT_NAME,
  isSafeReturnPath,
  webhookSignatureDigest,
  webhookSignedText,
  webhookTimestampRefusal,
} from './assessments.js';

describe('career assessment rules', () => {
  it("names the assessment 'PathwayU' by default (spec 9 Default names)", () => {
    expect(DEFAULT_ASSESSMENT_NAME).toBe('PathwayU');
  });

  it.each([
    ['PathwayU', 'pathwayu'],
    ['Career Quiz: Strengths & Values', 'career-quiz-strengths-values'],
    ['  Évaluation  ', 'evaluation'],
  ])('suggests the slug of %j', (name, slug) => {
    expect(assessmentSlugOf(name)).toBe(slug);
    expect(ASSESSMENT_SLUG_PATTERN.test(slug)).toBe(true);
  });

  const now = new Date('2026-03-02T12:00:00Z');
  const seconds = (offset: number) => String(now.getTime() / 1000 + offset);
  it.each([
    [undefined, 'missing'],
    ['', 'missing'],
    ['12.5', 'malformed'],
    ['2026-03-02T12:00:00Z', 'malformed'],
    [seconds(-301), 'expired'],
    [seconds(301), 'expired'],
    [seconds(-300), null],
    [seconds(120), null],
    [seconds(0), null],
  ])('judges the webhook timestamp %j as %j (5 minutes either way)', (timestamp, refusal) => {
    expect(webhookTimestampRefusal(timestamp, now)).toBe(refusal);
  });

  it('signs the timestamp and the raw body together', () => {
    expect(webhookSignedText('1700000000', '{"a":1}')).toBe('1700000000.{"a":1}');
  });

  it('reads only a v1 hex SHA-256 signature header', () => {
    const hex = 'a'.repeat(64);
    expect(webhookSignatureDigest(`v1=${hex}`)).toBe(hex);
    expect(webhookSignatureDigest(` v1=${hex} `)).toBe(hex);
    expect(webhookSignatureDigest(`v0=${hex}`)).toBeNull();
    expect(webhookSignatureDigest('v1=abc')).toBeNull();
    expect(webhookSignatureDigest(undefined)).toBeNull();
  });

  it.each([
    ['/hub/northfield/career-assessment/pathwayu?completed=1', true],
    ['/', true],
    ['//evil.example/', false],
    ['/\\evil.example', false],
    ['https://evil.example/', false],
    ['hub/northfield', false],
    ['/a\nb', false],
  ])('accepts %j as a return path: %j', (path, isSafe) => {
    expect(isSafeReturnPath(path)).toBe(isSafe);
  });
});
