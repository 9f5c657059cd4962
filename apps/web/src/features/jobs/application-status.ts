/**
 * How an application's state looks: the names are the domain's (APPLICATION_STATE_LABELS), the colour says
 * whether it waits, went well or ended otherwise. The moves come from the server's `can` flags, which the
 * domain's status machine (APPLICATION_TRANSITIONS) decides.
 */
import type { TApplicationStateValue } from '@commons/contract';
import {
  APPLICATION_ACTION_LABELS,
  APPLICATION_STATE_LABELS,
  type TUserApplicationAction,
} from '@commons/domain';

/** Badge colours with text kept at 4.5:1 on the light tint (green text never is: dark on green 1). */
export function applicationBadgeColour(state: TApplicationStateValue): {
  color: string;
  c: string;
  bg?: string;
} {
  switch (state) {
    case 'hired':
    case 'completed':
      return { color: 'green', c: 'dark.8', bg: 'green.1' };
    case 'rejected':
    case 'withdrawn':
    case 'notCompleted':
      return { color: 'gray', c: 'dark.7' };
    case 'pendingReview':
    case 'submitForReview':
      return { color: 'yellow', c: 'dark.8' };
    default:
      return { color: 'indigo', c: 'indigo.9' };
  }
}

/** The owner's moves on an applicant, in the order the applicant list offers them. */
export const OWNER_MOVES = [
  'shortlist',
  'hire',
  'reject',
  'complete',
  'markNotCompleted',
] as const satisfies readonly TUserApplicationAction[];

/** The moves `can` allows, in OWNER_MOVES order. */
export function allowedOwnerMoves(
  can: Record<TUserApplicationAction, boolean>,
): (typeof OWNER_MOVES)[number][] {
  return OWNER_MOVES.filter((move) => can[move]);
}

/** A move's button text (the domain's names). */
export function moveLabel(move: TUserApplicationAction): string {
  return APPLICATION_ACTION_LABELS[move];
}

/** A state's name (the domain's). */
export function stateLabel(state: TApplicationStateValue): string {
  return APPLICATION_STATE_LABELS[state];
}
