/**
 * Mentorship auto-matching of a program (issue #6 Mentorship matching): scores from weighted answer
 * similarity of the program's registration questions, a mentee-proposing stable matching (Gale–Shapley
 * with mentor capacities), deterministic tie-breaking, a per-pair explanation and manual overrides.
 * Pure: the caller loads members, answers, limits and existing matches.
 */
import { effectiveLimit, remainingCapacity } from './limits.js';

/** A registration answer: text, one or several list options, or a yes/no (spec 5 Program question fields). */
export type TMatchingAnswer = string | readonly string[] | boolean;

/** A registration question as matching sees it: only questions with a weight above 0 count. */
export interface TMatchingQuestion {
  id: string;
  /** The question's name, used in the explanation. */
  label: string;
  /** 0 ignores the question; higher counts more. */
  weight: number;
  /** Free text is compared word by word; options (the default) and yes/no answers as whole values. */
  isFreeText?: boolean;
}

/** A mentee or mentor with their registration answers by question id. */
export interface TMatchingPerson {
  userId: string;
  answers: Readonly<Record<string, TMatchingAnswer | undefined>>;
}

/** A mentor with the number of mentees they can still take (Infinity when unlimited). */
export interface TMatchingMentor extends TMatchingPerson {
  capacity: number;
}

/** A mentee and mentor pair named by user ids. */
export interface TPairIds {
  menteeId: string;
  mentorId: string;
}

/** Everything the matching needs. */
export interface TMatchingInput {
  questions: readonly TMatchingQuestion[];
  mentees: readonly TMatchingPerson[];
  mentors: readonly TMatchingMentor[];
  /** Pairs an admin fixed: kept before anything else, taking the mentor's room. */
  forcedPairs?: readonly TPairIds[];
  /** Pairs an admin ruled out: never proposed. */
  forbiddenPairs?: readonly TPairIds[];
  /** Mentors a mentee favourited: a bonus on the pair's score. */
  favorites?: readonly TPairIds[];
}

/** One proposed match with its score (0–100) and why. */
export interface TMatchPair extends TPairIds {
  score: number;
  /** Human-readable reasons, strongest first. */
  reasons: string[];
  /** An admin fixed this pair. */
  isForced: boolean;
  /** Where the mentor stood in the mentee's preferences (1 is their first choice); null for forced pairs. */
  menteeChoice: number | null;
}

/** A mentee left without a mentor, and why. */
export interface TUnmatchedMentee {
  menteeId: string;
  reason: string;
}

/** An override the matching could not apply, and why. */
export interface TOverrideIssue extends TPairIds {
  kind: 'forced' | 'forbidden';
  reason: string;
}

/** The proposed matching. */
export interface TMatchingResult {
  pairs: TMatchPair[];
  unmatched: TUnmatchedMentee[];
  issues: TOverrideIssue[];
}

/** Score points a favourite adds to a pair (capped at 100). */
export const FAVORITE_BONUS = 10;

/** Reason shown when nothing in the answers links a pair. */
export const NO_SHARED_ANSWERS_REASON = 'No shared answers: matched on available room';
/** Reason of a mentee no mentor had room for. */
export const NO_ROOM_REASON = 'No mentor has room left';
/** Reason of a mentee every mentor is ruled out for. */
export const ALL_FORBIDDEN_REASON = 'Every mentor is ruled out for this mentee';

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-case words of three letters or more in a text. */
function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(WORD) ?? []).filter((w) => w.length >= 3));
}

/** An answer as a set of lower-case values, or a boolean. */
function answerValues(answer: TMatchingAnswer): Set<string> | boolean {
  if (typeof answer === 'boolean') return answer;
  if (typeof answer === 'string') return new Set([answer.trim().toLowerCase()].filter((v) => v !== ''));
  return new Set(answer.map((v) => v.trim().toLowerCase()).filter((v) => v !== ''));
}

/**
 * Similarity of two answers to one question in [0, 1] (Jaccard of the values, or of the words of free
 * text), with the values they share.
 */
export function answerSimilarity(
  a: TMatchingAnswer | undefined,
  b: TMatchingAnswer | undefined,
  options: { isFreeText?: boolean } = {},
): { similarity: number; shared: string[] } {
  if (a === undefined || b === undefined) return { similarity: 0, shared: [] };
  const left = answerValues(a);
  const right = answerValues(b);
  if (typeof left === 'boolean' || typeof right === 'boolean') {
    return { similarity: left === right ? 1 : 0, shared: [] };
  }
  const isText = options.isFreeText === true && typeof a === 'string' && typeof b === 'string';
  const l = isText ? words(a) : left;
  const r = isText ? words(b) : right;
  const shared = [...l].filter((v) => r.has(v)).sort();
  const union = new Set([...l, ...r]).size;
  return { similarity: union === 0 ? 0 : shared.length / union, shared };
}

/** The score (0–100) and reasons of one mentee and mentor pair. */
export function scorePair(options: {
  questions: readonly TMatchingQuestion[];
  mentee: TMatchingPerson;
  mentor: TMatchingPerson;
  isFavorite?: boolean;
}): { score: number; reasons: string[] } {
  const weighted = options.questions.filter((q) => q.weight > 0);
  const total = weighted.reduce((sum, q) => sum + q.weight, 0);
  let points = 0;
  const found: Array<{ weight: number; text: string }> = [];
  for (const q of weighted) {
    const { similarity, shared } = answerSimilarity(
      options.mentee.answers[q.id],
      options.mentor.answers[q.id],
      { isFreeText: q.isFreeText === true },
    );
    if (similarity <= 0) continue;
    points += q.weight * similarity;
    const detail = shared.length > 0 ? `: ${shared.join(', ')}` : '';
    found.push({
      weight: q.weight * similarity,
      text: `${similarity === 1 ? 'Same answer' : 'Shared answers'} to ${q.label}${detail}`,
    });
  }
  let score = total === 0 ? 0 : Math.round((points * 100) / total);
  const reasons = found.sort((x, y) => y.weight - x.weight).map((f) => f.text);
  if (options.isFavorite === true) {
    score = Math.min(100, score + FAVORITE_BONUS);
    reasons.unshift('The mentee favourited this mentor');
  }
  if (reasons.length === 0) reasons.push(NO_SHARED_ANSWERS_REASON);
  return { score, reasons };
}

/**
 * A mentor's room for new mentees (Infinity when unlimited): the effective limit (spec 5) of the
 * member's own mentorship limit and the program's maxMentorshipLimit and maxOpenMentorships, minus the
 * mentorships they already have. -1 and unset values do not limit.
 */
export function mentorCapacity(options: {
  memberLimit: number | null | undefined;
  maxMentorshipLimit: number | null | undefined;
  maxOpenMentorships: number | null | undefined;
  activeCount: number;
}): number {
  const limit = effectiveLimit(
    options.memberLimit,
    effectiveLimit(options.maxMentorshipLimit, options.maxOpenMentorships),
  );
  return remainingCapacity({ limit, used: options.activeCount });
}

const pairKey = (menteeId: string, mentorId: string) => `${menteeId}\u0000${mentorId}`;
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Forced pairs that can be kept (known people, not forbidden, each mentee once), and the rest as issues. */
function validForcedPairs(
  input: TMatchingInput,
  forbidden: ReadonlySet<string>,
): { kept: TPairIds[]; issues: TOverrideIssue[] } {
  const mentees = new Set(input.mentees.map((m) => m.userId));
  const mentors = new Set(input.mentors.map((m) => m.userId));
  const seen = new Set<string>();
  const kept: TPairIds[] = [];
  const issues: TOverrideIssue[] = [];
  for (const pair of input.forcedPairs ?? []) {
    const issue = (reason: string) => issues.push({ ...pair, kind: 'forced', reason });
    if (!mentees.has(pair.menteeId)) issue('The mentee is not waiting for a match');
    else if (!mentors.has(pair.mentorId)) issue('The mentor is not in the program');
    else if (forbidden.has(pairKey(pair.menteeId, pair.mentorId))) issue('The pair is also ruled out');
    else if (seen.has(pair.menteeId)) issue('The mentee already has a fixed mentor');
    else {
      seen.add(pair.menteeId);
      kept.push({ menteeId: pair.menteeId, mentorId: pair.mentorId });
    }
  }
  return { kept, issues };
}

/**
 * Proposes matches (issue #6): forced pairs first, then a mentee-proposing stable matching with mentor
 * capacities over the remaining people. Each mentee ranks every allowed mentor by score, ties broken by
 * mentor id; each mentor ranks mentees by score, ties broken by mentee id. With strict preferences the
 * mentee-optimal stable matching is unique, so the same input always gives the same result. Forbidden
 * pairs are never proposed. Every mentee is matched when the mentors' room allows it.
 */
export function proposeMatches(input: TMatchingInput): TMatchingResult {
  const forbidden = new Set((input.forbiddenPairs ?? []).map((p) => pairKey(p.menteeId, p.mentorId)));
  const favorites = new Set((input.favorites ?? []).map((p) => pairKey(p.menteeId, p.mentorId)));
  const { kept, issues } = validForcedPairs(input, forbidden);
  const mentees = [...input.mentees].sort((a, b) => byId(a.userId, b.userId));
  const mentors = [...input.mentors].sort((a, b) => byId(a.userId, b.userId));
  const scores = new Map<string, { score: number; reasons: string[] }>();
  const scoreOf = (mentee: TMatchingPerson, mentor: TMatchingPerson) => {
    const key = pairKey(mentee.userId, mentor.userId);
    let found = scores.get(key);
    if (found === undefined) {
      found = scorePair({ questions: input.questions, mentee, mentor, isFavorite: favorites.has(key) });
      scores.set(key, found);
    }
    return found;
  };

  const room = new Map(mentors.map((m) => [m.userId, Math.max(0, m.capacity)]));
  const pairs: TMatchPair[] = [];
  const forcedMentees = new Set<string>();
  const menteeById = new Map(mentees.map((m) => [m.userId, m]));
  const mentorById = new Map(mentors.map((m) => [m.userId, m]));
  for (const pair of kept) {
    const mentee = menteeById.get(pair.menteeId) as TMatchingPerson;
    const mentor = mentorById.get(pair.mentorId) as TMatchingMentor;
    const { score, reasons } = scoreOf(mentee, mentor);
    pairs.push({
      ...pair,
      score,
      reasons: ['Fixed by an admin', ...reasons],
      isForced: true,
      menteeChoice: null,
    });
    forcedMentees.add(pair.menteeId);
    room.set(pair.mentorId, Math.max(0, (room.get(pair.mentorId) ?? 0) - 1));
  }

  // Preference lists: best score first, then mentor id.
  const free = mentees.filter((m) => !forcedMentees.has(m.userId));
  const preferences = new Map<string, string[]>();
  for (const mentee of free) {
    const allowed = mentors.filter((r) => !forbidden.has(pairKey(mentee.userId, r.userId)));
    allowed.sort((a, b) => scoreOf(mentee, b).score - scoreOf(mentee, a).score || byId(a.userId, b.userId));
    preferences.set(
      mentee.userId,
      allowed.map((r) => r.userId),
    );
  }
  // A mentor prefers x over y: higher score, then the smaller mentee id.
  const mentorPrefers = (mentorId: string, x: string, y: string): boolean => {
    const mentor = mentorById.get(mentorId) as TMatchingMentor;
    const sx = scoreOf(menteeById.get(x) as TMatchingPerson, mentor).score;
    const sy = scoreOf(menteeById.get(y) as TMatchingPerson, mentor).score;
    return sx !== sy ? sx > sy : x < y;
  };

  const next = new Map(free.map((m) => [m.userId, 0]));
  const held = new Map<string, string[]>(mentors.map((m) => [m.userId, []]));
  const queue = free.map((m) => m.userId);
  while (queue.length > 0) {
    const menteeId = queue.shift() as string;
    const list = preferences.get(menteeId) as string[];
    const index = next.get(menteeId) as number;
    if (index >= list.length) continue;
    next.set(menteeId, index + 1);
    const mentorId = list[index] as string;
    const capacity = room.get(mentorId) as number;
    const holding = held.get(mentorId) as string[];
    if (capacity <= 0) {
      queue.push(menteeId);
      continue;
    }
    if (holding.length < capacity) {
      holding.push(menteeId);
      continue;
    }
    // Full: the mentor keeps the better of the proposer and their least preferred mentee.
    let worst = 0;
    for (let i = 1; i < holding.length; i++) {
      if (mentorPrefers(mentorId, holding[worst] as string, holding[i] as string)) worst = i;
    }
    const worstId = holding[worst] as string;
    if (mentorPrefers(mentorId, menteeId, worstId)) {
      holding[worst] = menteeId;
      queue.push(worstId);
    } else {
      queue.push(menteeId);
    }
  }

  const matchedMentor = new Map<string, string>();
  for (const [mentorId, list] of held) for (const menteeId of list) matchedMentor.set(menteeId, mentorId);
  const unmatched: TUnmatchedMentee[] = [];
  for (const mentee of free) {
    const mentorId = matchedMentor.get(mentee.userId);
    const list = preferences.get(mentee.userId) as string[];
    if (mentorId === undefined) {
      unmatched.push({
        menteeId: mentee.userId,
        reason: list.length === 0 && mentors.length > 0 ? ALL_FORBIDDEN_REASON : NO_ROOM_REASON,
      });
      continue;
    }
    const { score, reasons } = scoreOf(mentee, mentorById.get(mentorId) as TMatchingMentor);
    const choice = list.indexOf(mentorId) + 1;
    const why =
      choice === 1
        ? [...reasons]
        : [...reasons, `Choice ${choice} for the mentee: better-scored mentors were full`];
    pairs.push({
      menteeId: mentee.userId,
      mentorId,
      score,
      reasons: why,
      isForced: false,
      menteeChoice: choice,
    });
  }
  pairs.sort((a, b) => byId(a.menteeId, b.menteeId));
  return { pairs, unmatched, issues };
}

/**
 * Blocking pairs of a matching (for checks and tests): an allowed, unforced mentee and a mentor such
 * that the mentee prefers the mentor to their match (or has none) and the mentor has room or prefers
 * the mentee to one of their unforced mentees. A stable matching has none.
 */
export function blockingPairs(input: TMatchingInput, result: TMatchingResult): TPairIds[] {
  const forbidden = new Set((input.forbiddenPairs ?? []).map((p) => pairKey(p.menteeId, p.mentorId)));
  const favorites = new Set((input.favorites ?? []).map((p) => pairKey(p.menteeId, p.mentorId)));
  const score = (mentee: TMatchingPerson, mentor: TMatchingPerson) =>
    scorePair({
      questions: input.questions,
      mentee,
      mentor,
      isFavorite: favorites.has(pairKey(mentee.userId, mentor.userId)),
    }).score;
  // Strict preference with the same tie-breaking as proposeMatches.
  const menteePrefers = (mentee: TMatchingPerson, a: TMatchingMentor, b: TMatchingMentor) => {
    const sa = score(mentee, a);
    const sb = score(mentee, b);
    return sa !== sb ? sa > sb : a.userId < b.userId;
  };
  const mentorPrefers = (mentor: TMatchingMentor, x: TMatchingPerson, y: TMatchingPerson) => {
    const sx = score(x, mentor);
    const sy = score(y, mentor);
    return sx !== sy ? sx > sy : x.userId < y.userId;
  };
  const menteeById = new Map(input.mentees.map((m) => [m.userId, m]));
  const matchOf = new Map(result.pairs.map((p) => [p.menteeId, p]));
  const blocking: TPairIds[] = [];
  for (const mentee of input.mentees) {
    const own = matchOf.get(mentee.userId);
    if (own?.isForced === true) continue;
    const current = own ? input.mentors.find((r) => r.userId === own.mentorId) : undefined;
    for (const mentor of input.mentors) {
      if (mentor.userId === current?.userId || forbidden.has(pairKey(mentee.userId, mentor.userId))) continue;
      if (current !== undefined && !menteePrefers(mentee, mentor, current)) continue;
      const assigned = result.pairs.filter((p) => p.mentorId === mentor.userId);
      const forcedCount = assigned.filter((p) => p.isForced).length;
      const room = Math.max(0, mentor.capacity - forcedCount);
      const unforced = assigned
        .filter((p) => !p.isForced)
        .map((p) => menteeById.get(p.menteeId) as TMatchingPerson);
      const wouldTake =
        unforced.length < room || unforced.some((other) => mentorPrefers(mentor, mentee, other));
      if (wouldTake) blocking.push({ menteeId: mentee.userId, mentorId: mentor.userId });
    }
  }
  return blocking;
}
