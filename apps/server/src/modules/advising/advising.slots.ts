import { advisingFreeSlots, slotDays, zonedDayBounds, type TAdvisingSlotDay } from '@commons/domain';
import type { TRequestContext } from '../../plugins/request-context.js';
import { adviserBusy, type TAdviserWithUser, type TAppointmentTypeRow } from './advising.queries.js';

const DAY_MS = 86_400_000;

/**
 * An adviser's free slots for one appointment type by day of the viewer's zone (issue #21 item 3): the domain's
 * computation over their weekly hours, exceptions and last availability date and what keeps them busy
 * (app_advising_busy: calendar busy time, Commons meetings, appointments with buffers), read for the asked days
 * and two days around them (zones apart; the most-per-day rule counts whole days of the adviser's zone).
 */
export async function freeSlotsFor(
  ctx: TRequestContext,
  options: {
    adviser: TAdviserWithUser;
    type: TAppointmentTypeRow;
    timezone: string;
    day?: string;
    from?: string | undefined;
    to?: string | undefined;
    ignoreAppointmentId?: string | undefined;
  },
): Promise<TAdvisingSlotDay[]> {
  const { adviser, type } = options;
  const from = options.day ?? options.from;
  const to = options.day ?? options.to;
  const days = slotDays({
    now: ctx.now,
    viewerTimeZone: options.timezone,
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  });
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) return [];
  const window = {
    from: new Date(zonedDayBounds(first, options.timezone).start.getTime() - 2 * DAY_MS),
    to: new Date(zonedDayBounds(last, options.timezone).end.getTime() + 2 * DAY_MS),
  };
  const busy = await adviserBusy(ctx.tx, {
    adviserId: adviser.adviser.id,
    ...window,
    ignoreAppointmentId: options.ignoreAppointmentId ?? null,
  });
  return advisingFreeSlots({
    now: ctx.now,
    appointmentType: type,
    adviser: {
      timeZone: adviser.adviser.timezone,
      weeklyHours: adviser.adviser.weeklyHours,
      exceptions: adviser.adviser.exceptions,
      lastAvailabilityDate: adviser.user.lastAvailabilityDate?.toISOString().slice(0, 10) ?? null,
    },
    ...busy,
    viewerTimeZone: options.timezone,
    stepMinutes: adviser.adviser.slotMinutes === 15 ? 15 : 30,
    from: first,
    to: last,
  });
}
