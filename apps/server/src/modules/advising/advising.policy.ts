/**
 * Who may do what in advising (issue #21; spec 6): members book when advising is shown in the hub (the
 * Advisers module; spec 6 "Adviser meetings depend on advising being shown") and an appointment type lets them
 * (its who-may-book: user types or programs); advisers keep their own hours; hub admins with manage-advising
 * run advising (advisers, topics, types, reports) and act as advising staff on appointments.
 */
import type { THubSettings } from '@commons/contract';
import {
  appointmentChangeRefusal,
  advisingStatusRefusal,
  followUpRefusal,
  hasAvailabilityEnded,
  isAppointmentActive,
  mayBookAppointmentType,
  unavailableMessage,
  type TAdvisingStatus,
  type TAppointmentChanger,
  type TStaffAdvisingStatus,
} from '@commons/domain';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { isApprovedMember } from '../hubs/hubs.policy.js';
import type {
  TAdviserWithUser,
  TAppointmentDetail,
  TAppointmentRow,
  TAppointmentTypeRow,
} from './advising.queries.js';

/** What the role and change rules read of an appointment (a full detail, or the slots read's row and type). */
export type TAppointmentParts = {
  appointment: Pick<TAppointmentRow, 'adviserUserId' | 'studentUserId' | 'advisingStatus' | 'startsAt'>;
  type: Pick<TAppointmentTypeRow, 'minimumNoticeMinutes'>;
};

/** The right that runs advising in a hub (spec 6 hub access groups, "and more": manage-advising). */
export const ADVISING_RIGHT = 'manage-advising';

/** Message when the hub does not show advising. */
export const ADVISING_HIDDEN_MESSAGE = 'Advising is not available in this hub.';

function refuse(message: string, code = 'forbidden'): AppError {
  return new AppError({ statusCode: 403, code, message, userMessage: message });
}

/** Whether the hub shows advising: its Advisers module is on (spec 2 navigation tab, spec 6). */
export function isAdvisingShown(settings: THubSettings): boolean {
  return settings.enabledModules.includes('advisers');
}

/** Whether the viewer runs advising in the request's hub (manage-advising; super and cluster admins pass). */
export function canManageAdvising(ctx: TRequestContext): boolean {
  return ctx.hasRight(ADVISING_RIGHT);
}

/** Advising admin endpoints: 403 without manage-advising. */
export function requireAdvisingAdmin(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  if (!canManageAdvising(ctx)) throw refuse('Only advising admins of this hub can do this.');
}

/**
 * Member endpoints: an approved member of the hub (or a cluster admin) in a hub that shows advising; advising
 * admins may look while it is still hidden.
 */
export function requireAdvisingMember(ctx: TRequestContext, settings: THubSettings): void {
  ctx.requireViewer();
  ctx.requireHub();
  const isAdmin = canManageAdvising(ctx);
  if (!isAdmin && !ctx.isClusterAdmin() && !isApprovedMember(ctx.membership))
    throw refuse('Only approved members of this hub can use advising.');
  if (!isAdvisingShown(settings) && !isAdmin) throw refuse(ADVISING_HIDDEN_MESSAGE, 'advising_hidden');
}

/** Whether the viewer may edit an adviser's hours, exceptions and calendar: the adviser, or advising admins. */
export function canEditAdviserHours(ctx: TRequestContext, adviser: TAdviserWithUser): boolean {
  return adviser.adviser.userId === ctx.requireViewer().user.id || canManageAdvising(ctx);
}

/** What the viewer knows of themselves to match who-may-book. */
export type TBooker = { userId: string; userTypeId: string | null; programIds: readonly string[] };

/** Whether the viewer may book this type (issue #21: who may book; never with themselves). */
export function mayBook(options: {
  booker: TBooker;
  type: TAppointmentTypeRow;
  adviser: TAdviserWithUser;
}): boolean {
  const { type, adviser, booker } = options;
  if (!type.isActive || !adviser.adviser.isActive) return false;
  if (!adviser.adviser.appointmentTypeIds.includes(type.id)) return false;
  if (adviser.adviser.userId === booker.userId) return false;
  return mayBookAppointmentType({
    whoMayBook: { userTypeIds: type.bookerUserTypeIds, programIds: type.bookerProgramIds },
    userTypeId: booker.userTypeId,
    programIds: booker.programIds,
  });
}

/** Whether a type serves a topic (no topics named: every topic). */
export function servesTopic(type: TAppointmentTypeRow, topicId: string | undefined): boolean {
  return topicId === undefined || type.topicIds.length === 0 || type.topicIds.includes(topicId);
}

/** spec 8 '{name} is unavailable at this time.' once an adviser's last availability date passed, else null. */
export function adviserUnavailableMessage(adviser: TAdviserWithUser, now: Date): string | null {
  return hasAvailabilityEnded({
    lastAvailabilityDate: adviser.user.lastAvailabilityDate,
    now,
    timeZone: adviser.adviser.timezone,
  })
    ? unavailableMessage(adviser.user.firstName)
    : null;
}

/** The viewer's part in an appointment: its student, its adviser, or advising staff of the hub; else null. */
export function appointmentRole(
  ctx: TRequestContext,
  detail: TAppointmentParts,
): 'student' | 'adviser' | 'staff' | null {
  const viewerId = ctx.requireViewer().user.id;
  if (detail.appointment.adviserUserId === viewerId) return 'adviser';
  if (detail.appointment.studentUserId === viewerId) return 'student';
  return canManageAdvising(ctx) ? 'staff' : null;
}

/** The appointment when the viewer takes part in it or is advising staff; 404 otherwise. */
export function requireAppointmentRole(
  ctx: TRequestContext,
  detail: TAppointmentDetail | null,
): { detail: TAppointmentDetail; role: 'student' | 'adviser' | 'staff' } {
  if (!detail) throw notFound('Appointment');
  const role = appointmentRole(ctx, detail);
  if (role === null) throw notFound('Appointment');
  return { detail, role };
}

function changer(role: 'student' | 'adviser' | 'staff'): TAppointmentChanger {
  return role === 'student' ? 'student' : 'staff';
}

/** Why the viewer cannot cancel or reschedule now (the notice rule for students), or null. */
export function changeRefusalFor(
  detail: TAppointmentParts,
  role: 'student' | 'adviser' | 'staff',
  now: Date,
): string | null {
  return appointmentChangeRefusal({
    status: detail.appointment.advisingStatus,
    start: detail.appointment.startsAt,
    now,
    minimumNoticeMinutes: detail.type.minimumNoticeMinutes,
    by: changer(role),
  });
}

/** Why advising staff cannot set a status now, or null. */
export function statusRefusalFor(
  detail: TAppointmentDetail,
  to: TStaffAdvisingStatus,
  now: Date,
): string | null {
  return advisingStatusRefusal({
    from: detail.appointment.advisingStatus,
    to,
    start: detail.appointment.startsAt,
    end: detail.appointment.endsAt,
    now,
  });
}

/** What the viewer may do with an appointment (presenter `can`). */
export function appointmentAbilities(
  detail: TAppointmentDetail,
  role: 'student' | 'adviser' | 'staff',
  now: Date,
) {
  const isStaff = role !== 'student';
  const canChange = changeRefusalFor(detail, role, now) === null;
  const status: TAdvisingStatus = detail.appointment.advisingStatus;
  return {
    cancel: canChange,
    reschedule: canChange && role !== 'staff',
    checkIn: isStaff && statusRefusalFor(detail, 'checkedIn', now) === null,
    complete: isStaff && statusRefusalFor(detail, 'completed', now) === null,
    noShow: isStaff && statusRefusalFor(detail, 'noShow', now) === null,
    editNotes: isStaff,
    downloadInvite: role !== 'staff' && isAppointmentActive(status),
    editFollowUp: isStaff && followUpRefusal(status) === null,
    markFollowUpDone: role === 'student' && detail.appointment.followUp !== null,
  };
}

/** Refuses a change the viewer may not make now (403 with the reason). */
export function requireChange(
  detail: TAppointmentParts,
  role: 'student' | 'adviser' | 'staff',
  now: Date,
): void {
  const refusal = changeRefusalFor(detail, role, now);
  if (refusal !== null) throw refuse(refusal, 'appointment_change_not_allowed');
}

/** Moving an appointment: its student and its adviser only (advising staff cancel instead; 403). */
export function requireMover(role: 'student' | 'adviser' | 'staff'): asserts role is 'student' | 'adviser' {
  if (role === 'staff')
    throw refuse(
      'Only the student and the adviser can move an appointment.',
      'appointment_change_not_allowed',
    );
}

/** Staff actions: the adviser or advising admins only (403), and the status must be possible now (409). */
export function requireStaff(role: 'student' | 'adviser' | 'staff'): void {
  if (role === 'student') throw refuse('Only the adviser and advising staff can do this.');
}

/** The follow-up's done mark: the appointment's student only (403), and only when there is a follow-up (409). */
export function requireFollowUpOwner(
  detail: TAppointmentDetail,
  role: 'student' | 'adviser' | 'staff',
): void {
  if (role !== 'student') throw refuse('Only the student marks their follow-up done.');
  if (detail.appointment.followUp === null) throw conflict('This appointment has no follow-up.');
}
