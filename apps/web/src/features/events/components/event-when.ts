import { formatDate } from '@commons/domain';

/** 'Thu, Jun 4th, 2026 · 2:00 pm – 4:00 pm' in the given zone (spec 9 Date formats long and time). */
export function eventWhen(options: { startsAt: string; endsAt: string; timeZone: string }): string {
  const day = formatDate(options.startsAt, { style: 'long', timeZone: options.timeZone });
  const endDay = formatDate(options.endsAt, { style: 'long', timeZone: options.timeZone });
  const from = formatDate(options.startsAt, { style: 'time', timeZone: options.timeZone });
  const to = formatDate(options.endsAt, { style: 'time', timeZone: options.timeZone });
  return day === endDay ? `${day} · ${from} – ${to}` : `${day} ${from} – ${endDay} ${to}`;
}
