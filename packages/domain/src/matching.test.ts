import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_FORBIDDEN_REASON,
  answerSimilarity,
  blockingPairs,
  FAVORITE_BONUS,
  mentorCapacity,
  NO_ROOM_REASON,
  NO_SHARED_ANSWERS_REASON,
  proposeMatches,
  scorePair,
  type TMatchingInput,
  type TMatchingMentor,
  type TMatchingPerson,
  type TMatchingQuestion,
} from './matching.js';

const questions: TMatchingQuestion[] = [
  { id: 'industry', label: 'Industry', weight: 3 },
  { id: 'topics', label: 'Topics', weight: 2 },
  { id: 'remote', label: 'Remote', weight: 1 },
  { id: 'ignored', label: 'Ignored', weight: 0 },
];
const person = (userId: string, answers: TMatchingPerson['answers'] = {}): TMatchingPerson => ({
  userId,
  answers,
});
const mentor = (
  userId: string,
  capacity: number,
  answers: TMatchingPerson['answers'] = {},
): TMatchingMentor => ({ userId, capacity, answers });

describe('answerSimilarity', () => {
  it.each([
    ['missing answers', undefined, 'Tech', 0, []],
    ['the same option', 'Tech', 'tech', 1, ['tech']],
    ['different options', 'Tech', 'Health', 0, []],
    ['overlapping option lists', ['CV', 'Interviews'], ['Interviews', 'Networking'], 1 / 3, ['interviews']],
    ['equal booleans', true, true, 1, []],
    ['different booleans', true, false, 0, []],
    ['a boolean against text', true, 'yes', 0, []],
    ['options with spaces as whole values', 'Product design', 'Graphic design', 0, []],
    ['two blank answers', ' ', [], 0, []],
  ] as const)('compares %s', (_name, a, b, similarity, shared) => {
    const result = answerSimilarity(a, b);
    expect(result.similarity).toBeCloseTo(similarity);
    expect(result.shared).toEqual(shared);
  });
});

it('compares free text word by word', () => {
  const result = answerSimilarity('Learn product design', 'Product design mentor', { isFreeText: true });
  expect(result.similarity).toBeCloseTo(2 / 4);
  expect(result.shared).toEqual(['design', 'product']);
  expect(answerSimilarity('Product design', 'Product design').similarity).toBe(1);
});

describe('scorePair', () => {
  it('weights each question and explains the shared answers, strongest first', () => {
    const result = scorePair({
      questions,
      mentee: person('a', { industry: 'Tech', topics: ['CV', 'Interviews'], remote: true, ignored: 'x' }),
      mentor: person('b', { industry: 'Tech', topics: ['CV'], remote: false, ignored: 'x' }),
    });
    // (3 * 1 + 2 * 0.5 + 0) / 6
    expect(result.score).toBe(67);
    expect(result.reasons).toEqual(['Same answer to Industry: tech', 'Shared answers to Topics: cv']);
  });

  it('scores free-text questions by shared words', () => {
    const result = scorePair({
      questions: [{ id: 'goal', label: 'Goal', weight: 1, isFreeText: true }],
      mentee: person('a', { goal: 'Learn product design' }),
      mentor: person('b', { goal: 'Product design mentor' }),
    });
    expect(result).toEqual({ score: 50, reasons: ['Shared answers to Goal: design, product'] });
  });

  it('says when nothing is shared, gives 0 without weighted questions and adds the favourite bonus', () => {
    expect(scorePair({ questions, mentee: person('a'), mentor: person('b') })).toEqual({
      score: 0,
      reasons: [NO_SHARED_ANSWERS_REASON],
    });
    expect(scorePair({ questions: [], mentee: person('a'), mentor: person('b') }).score).toBe(0);
    const favourite = scorePair({
      questions,
      mentee: person('a', { remote: true }),
      mentor: person('b', { remote: true }),
      isFavorite: true,
    });
    expect(favourite.score).toBe(17 + FAVORITE_BONUS);
    expect(favourite.reasons).toEqual(['The mentee favourited this mentor', 'Same answer to Remote']);
    const capped = scorePair({
      questions,
      mentee: person('a', { industry: 'x', topics: ['y'], remote: true }),
      mentor: person('b', { industry: 'x', topics: ['y'], remote: true }),
      isFavorite: true,
    });
    expect(capped.score).toBe(100);
  });
});

describe('mentorCapacity', () => {
  it('takes the smallest of the limits, -1 and unset unlimited, minus the open mentorships', () => {
    expect(
      mentorCapacity({ memberLimit: null, maxMentorshipLimit: -1, maxOpenMentorships: 3, activeCount: 1 }),
    ).toBe(2);
    expect(
      mentorCapacity({ memberLimit: 1, maxMentorshipLimit: 5, maxOpenMentorships: -1, activeCount: 0 }),
    ).toBe(1);
    expect(
      mentorCapacity({ memberLimit: -1, maxMentorshipLimit: -1, maxOpenMentorships: -1, activeCount: 4 }),
    ).toBe(Number.POSITIVE_INFINITY);
    expect(
      mentorCapacity({
        memberLimit: 2,
        maxMentorshipLimit: undefined,
        maxOpenMentorships: null,
        activeCount: 5,
      }),
    ).toBe(0);
  });
});

describe('proposeMatches', () => {
  const tech = { industry: 'Tech' };
  const health = { industry: 'Health' };

  it('gives each mentee their best mentor while there is room, with reasons and their choice', () => {
    const result = proposeMatches({
      questions,
      mentees: [person('m1', tech), person('m2', health)],
      mentors: [mentor('r1', 1, health), mentor('r2', 1, tech)],
    });
    expect(result.pairs).toEqual([
      {
        menteeId: 'm1',
        mentorId: 'r2',
        score: 50,
        reasons: ['Same answer to Industry: tech'],
        isForced: false,
        menteeChoice: 1,
      },
      {
        menteeId: 'm2',
        mentorId: 'r1',
        score: 50,
        reasons: ['Same answer to Industry: health'],
        isForced: false,
        menteeChoice: 1,
      },
    ]);
    expect(result.unmatched).toEqual([]);
  });

  it('lets a full mentor keep the mentee they prefer and says why the other got a later choice', () => {
    const result = proposeMatches({
      questions,
      mentees: [person('m1', { industry: 'Tech' }), person('m2', { industry: 'Tech', remote: true })],
      mentors: [mentor('r1', 1, { industry: 'Tech', remote: true }), mentor('r2', 1)],
    });
    expect(result.pairs.map((p) => [p.menteeId, p.mentorId, p.menteeChoice])).toEqual([
      ['m1', 'r2', 2],
      ['m2', 'r1', 1],
    ]);
    expect(result.pairs[0]?.reasons).toEqual([
      NO_SHARED_ANSWERS_REASON,
      'Choice 2 for the mentee: better-scored mentors were full',
    ]);
  });

  it('breaks ties by id, whatever the input order', () => {
    const a = proposeMatches({
      questions,
      mentees: [person('m2'), person('m1')],
      mentors: [mentor('r2', 1), mentor('r1', 1)],
    });
    expect(a.pairs.map((p) => `${p.menteeId}-${p.mentorId}`)).toEqual(['m1-r1', 'm2-r2']);
  });

  it('keeps forced pairs first, never proposes forbidden pairs and reports overrides it cannot apply', () => {
    const result = proposeMatches({
      questions,
      mentees: [person('m1', tech), person('m2', tech), person('m3')],
      mentors: [mentor('r1', 1, tech), mentor('r2', 1)],
      forcedPairs: [
        { menteeId: 'm2', mentorId: 'r1' },
        { menteeId: 'm2', mentorId: 'r2' },
        { menteeId: 'ghost', mentorId: 'r1' },
        { menteeId: 'm1', mentorId: 'ghost' },
        { menteeId: 'm3', mentorId: 'r2' },
      ],
      forbiddenPairs: [{ menteeId: 'm3', mentorId: 'r2' }],
    });
    expect(result.pairs.find((p) => p.menteeId === 'm2')).toMatchObject({
      mentorId: 'r1',
      isForced: true,
      menteeChoice: null,
      reasons: ['Fixed by an admin', 'Same answer to Industry: tech'],
    });
    expect(result.pairs.find((p) => p.menteeId === 'm1')).toMatchObject({ mentorId: 'r2', isForced: false });
    expect(result.unmatched).toEqual([{ menteeId: 'm3', reason: NO_ROOM_REASON }]);
    expect(result.issues.map((i) => i.reason)).toEqual([
      'The mentee already has a fixed mentor',
      'The mentee is not waiting for a match',
      'The mentor is not in the program',
      'The pair is also ruled out',
    ]);
  });

  it('says when every mentor is ruled out, and when mentors have no room', () => {
    const result = proposeMatches({
      questions,
      mentees: [person('m1'), person('m2')],
      mentors: [mentor('r1', 0)],
      forbiddenPairs: [{ menteeId: 'm1', mentorId: 'r1' }],
    });
    expect(result.unmatched).toEqual([
      { menteeId: 'm1', reason: ALL_FORBIDDEN_REASON },
      { menteeId: 'm2', reason: NO_ROOM_REASON },
    ]);
    expect(proposeMatches({ questions, mentees: [person('m1')], mentors: [] }).unmatched).toEqual([
      { menteeId: 'm1', reason: NO_ROOM_REASON },
    ]);
  });

  it('lets a forced pair use a mentor beyond their room without breaking others', () => {
    const result = proposeMatches({
      questions,
      mentees: [person('m1'), person('m2')],
      mentors: [mentor('r1', 0)],
      forcedPairs: [{ menteeId: 'm1', mentorId: 'r1' }],
    });
    expect(result.pairs).toHaveLength(1);
    expect(result.unmatched).toEqual([{ menteeId: 'm2', reason: NO_ROOM_REASON }]);
  });
});

describe('proposeMatches properties', () => {
  const options = ['a', 'b', 'c'];
  const answers = fc.record(
    {
      industry: fc.constantFrom(...options),
      topics: fc.subarray(options),
      remote: fc.boolean(),
    },
    { requiredKeys: [] },
  );
  const ids = (prefix: string, max: number) =>
    fc
      .uniqueArray(fc.integer({ min: 0, max: 20 }), { maxLength: max })
      .map((ns) => ns.map((n) => `${prefix}${n}`));
  const input: fc.Arbitrary<TMatchingInput> = fc
    .record({
      menteeIds: ids('m', 8),
      mentorIds: ids('r', 5),
      weights: fc.tuple(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
      ),
      seed: fc.array(
        fc.tuple(answers, fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant(Number.POSITIVE_INFINITY))),
        { minLength: 13, maxLength: 13 },
      ),
      forbidMask: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
      forceMask: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
      favoriteMask: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
    })
    .map(({ menteeIds, mentorIds, weights, seed, forbidMask, forceMask, favoriteMask }) => {
      const pick = (i: number) => seed[i % seed.length] as [TMatchingPerson['answers'], number];
      const all = menteeIds.flatMap((m, i) =>
        mentorIds.map((r, j) => ({ menteeId: m, mentorId: r, k: (i * 5 + j) % 40 })),
      );
      return {
        questions: [
          { id: 'industry', label: 'Industry', weight: weights[0] },
          { id: 'topics', label: 'Topics', weight: weights[1] },
          { id: 'remote', label: 'Remote', weight: weights[2] },
        ],
        mentees: menteeIds.map((id, i) => person(id, pick(i)[0])),
        mentors: mentorIds.map((id, i) => mentor(id, pick(i + 8)[1], pick(i + 8)[0])),
        forbiddenPairs: all.filter((p) => forbidMask[p.k] === true && p.k % 3 === 0),
        forcedPairs: all.filter((p) => forceMask[p.k] === true && p.k % 7 === 0),
        favorites: all.filter((p) => favoriteMask[p.k] === true),
      };
    });

  it('leaves no blocking pair', () => {
    fc.assert(fc.property(input, (i) => blockingPairs(i, proposeMatches(i)).length === 0));
  });

  it('respects capacities (forced pairs aside) and never proposes a forbidden pair', () => {
    fc.assert(
      fc.property(input, (i) => {
        const result = proposeMatches(i);
        const forbidden = new Set((i.forbiddenPairs ?? []).map((p) => `${p.menteeId}/${p.mentorId}`));
        for (const r of i.mentors) {
          const assigned = result.pairs.filter((p) => p.mentorId === r.userId);
          const forced = assigned.filter((p) => p.isForced).length;
          if (assigned.length - forced > Math.max(0, r.capacity - forced)) return false;
        }
        const menteeIds = result.pairs.map((p) => p.menteeId);
        return (
          new Set(menteeIds).size === menteeIds.length &&
          result.pairs.every((p) => p.isForced || !forbidden.has(`${p.menteeId}/${p.mentorId}`))
        );
      }),
    );
  });

  it('is deterministic for the same input, in any order', () => {
    fc.assert(
      fc.property(input, (i) => {
        const reversed = { ...i, mentees: [...i.mentees].reverse(), mentors: [...i.mentors].reverse() };
        expect(proposeMatches(reversed)).toEqual(proposeMatches(i));
        expect(proposeMatches(i)).toEqual(proposeMatches(i));
      }),
    );
  });

  it('matches every mentee when capacity allows and nothing is ruled out', () => {
    fc.assert(
      fc.property(input, (i) => {
        const plain = { ...i, forbiddenPairs: [], forcedPairs: [] };
        const room = i.mentors.reduce((sum, r) => sum + r.capacity, 0);
        fc.pre(room >= i.mentees.length);
        const result = proposeMatches(plain);
        return result.unmatched.length === 0 && result.pairs.length === i.mentees.length;
      }),
    );
  });

  it('detects a blocking pair in an unstable matching', () => {
    const i: TMatchingInput = {
      questions,
      mentees: [person('m1', { industry: 'x' })],
      mentors: [mentor('r1', 1, { industry: 'x' }), mentor('r2', 1)],
    };
    const unstable = {
      pairs: [{ menteeId: 'm1', mentorId: 'r2', score: 0, reasons: [], isForced: false, menteeChoice: 2 }],
      unmatched: [],
      issues: [],
    };
    expect(blockingPairs(i, unstable)).toEqual([{ menteeId: 'm1', mentorId: 'r1' }]);
  });
});
