import {
  applyUserTypeMessageTypeSettings,
  type TMessageType,
  type TMessageTypeSettings,
} from '@commons/domain';

/**
 * spec 3 mentorshipLength: the long-term mentorship's length as the hub writes it. The spec's default text
 * ('at least 2 hours per month', spec 9) is a commitment, not a length, so a mentorship auto-closes only when
 * the text names a length: the first "N days|weeks|months|years" in it ('6 months', '12 weeks, 1 hour a week').
 */
export type TMentorshipLength = { amount: number; unit: 'day' | 'week' | 'month' | 'year' };

const LENGTH = /\b(\d{1,3})\s*(day|week|month|year)s?\b/i;

/** The length named in a mentorshipLength text, or null when it names none (then nothing auto-closes). */
export function parseMentorshipLength(text: string | null | undefined): TMentorshipLength | null {
  const match = LENGTH.exec(text ?? '');
  if (!match?.[1] || !match[2]) return null;
  const amount = Number(match[1]);
  if (amount <= 0) return null;
  return { amount, unit: match[2].toLowerCase() as TMentorshipLength['unit'] };
}

/** PostgreSQL interval text of a length ('6 month'). */
export function lengthInterval(length: TMentorshipLength): string {
  return `${length.amount} ${length.unit}`;
}

/**
 * When a mentorship accepted at `acceptedAt` auto-closes, computed like PostgreSQL's `timestamptz + interval`
 * in UTC (the job compares in SQL): months and years keep the day of month, clamped to the month's last day.
 */
export function autoCloseAt(acceptedAt: Date, length: TMentorshipLength): Date {
  const at = new Date(acceptedAt);
  if (length.unit === 'day' || length.unit === 'week') {
    at.setUTCDate(at.getUTCDate() + length.amount * (length.unit === 'week' ? 7 : 1));
    return at;
  }
  const months = length.amount * (length.unit === 'year' ? 12 : 1);
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at;
}

/**
 * How long a hub's long-term mentorships last: the hub's (program's) length and each user type's own, which
 * applies when the mentee (the sender) has that type (issue #22, user types editor).
 */
export function mentorshipLengthsOf(
  hubMessageTypes: Readonly<Record<TMessageType, TMessageTypeSettings>>,
  types: ReadonlyArray<{ id: string; messageTypeSettings: unknown }>,
): { hubLength: TMentorshipLength | null; byUserType: Map<string, TMentorshipLength | null> } {
  const hubLength = parseMentorshipLength(hubMessageTypes.longTermMentorship.mentorshipLength);
  const byUserType = new Map<string, TMentorshipLength | null>();
  for (const type of types) {
    const own = applyUserTypeMessageTypeSettings(hubMessageTypes, type.messageTypeSettings);
    byUserType.set(type.id, parseMentorshipLength(own.longTermMentorship.mentorshipLength));
  }
  return { hubLength, byUserType };
}
