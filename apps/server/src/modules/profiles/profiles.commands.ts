import type { TPatchProfileRequest, TSchoolItemInput, TWorkHistoryItemInput } from '@commons/contract';
import { validateDateRange, yearPickerRange } from '@commons/domain';
import { eq } from 'drizzle-orm';
import { userSchools, users, userWorkHistory } from '../../db/schema/index.js';
import { validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';

/** Updates the owner's own profile fields; only the fields sent change. */
export async function patchMyProfile(ctx: TRequestContext, input: TPatchProfileRequest): Promise<void> {
  const viewer = ctx.requireViewer();
  await ctx.tx
    .update(users)
    .set({ ...input, updatedAt: ctx.now })
    .where(eq(users.id, viewer.user.id));
  await refreshDirectoryEntries(ctx.tx, viewer.user.id);
  await ctx.audit({
    action: 'profile.update',
    targetType: 'user',
    targetId: viewer.user.id,
    data: { fields: Object.keys(input) },
  });
}

/**
 * Replaces the work history; every item passes the spec 5 date-range rules in the owner's time zone,
 * and a bad range answers 400 with the exact messages under `items.{index}.{field}`.
 */
export async function replaceMyWorkHistory(
  ctx: TRequestContext,
  items: TWorkHistoryItemInput[],
): Promise<void> {
  const viewer = ctx.requireViewer();
  const fields: Record<string, string> = {};
  items.forEach((item, index) => {
    const errors = validateDateRange({
      startMonth: item.startMonth,
      startYear: item.startYear,
      endMonth: item.current ? null : item.endMonth,
      endYear: item.current ? null : item.endYear,
      isCurrent: item.current,
      now: ctx.now,
      timeZone: viewer.user.timezone,
    });
    for (const [field, message] of Object.entries(errors)) fields[`items.${index}.${field}`] = message;
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);

  await ctx.tx.delete(userWorkHistory).where(eq(userWorkHistory.userId, viewer.user.id));
  if (items.length > 0) {
    await ctx.tx.insert(userWorkHistory).values(
      items.map((item, position) => ({
        clusterId: ctx.clusterId,
        userId: viewer.user.id,
        position,
        role: item.role,
        company: item.company,
        startMonth: item.startMonth,
        startYear: item.startYear,
        endMonth: item.current ? null : item.endMonth,
        endYear: item.current ? null : item.endYear,
        isCurrent: item.current,
      })),
    );
  }
  await refreshDirectoryEntries(ctx.tx, viewer.user.id);
  await ctx.audit({
    action: 'profile.work_history.replace',
    targetType: 'user',
    targetId: viewer.user.id,
    data: { count: items.length },
  });
}

/** Replaces the schools; graduation years must be inside the year picker range (spec 5). Locked items stay. */
export async function replaceMySchools(ctx: TRequestContext, items: TSchoolItemInput[]): Promise<void> {
  const viewer = ctx.requireViewer();
  const { minYear, maxYear } = yearPickerRange(ctx.now, viewer.user.timezone);
  const fields: Record<string, string> = {};
  items.forEach((item, index) => {
    if (item.graduationYear !== null && (item.graduationYear < minYear || item.graduationYear > maxYear)) {
      fields[`items.${index}.graduationYear`] = `Choose a year between ${minYear} and ${maxYear}.`;
    }
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);

  const existing = await ctx.tx.select().from(userSchools).where(eq(userSchools.userId, viewer.user.id));
  const locked = existing.filter((s) => s.isLocked);
  await ctx.tx.delete(userSchools).where(eq(userSchools.userId, viewer.user.id));
  const rows = [
    ...locked.map((s, position) => ({ ...s, position })),
    ...items.map((item, index) => ({
      clusterId: ctx.clusterId,
      userId: viewer.user.id,
      position: locked.length + index,
      schoolName: item.schoolName,
      degreeType: item.degreeType,
      majors: item.majors,
      graduationYear: item.graduationYear,
      isGraduationYearHidden: item.isGraduationYearHidden,
      extraFieldValue: item.extraFieldValue,
    })),
  ];
  if (rows.length > 0) await ctx.tx.insert(userSchools).values(rows);
  await refreshDirectoryEntries(ctx.tx, viewer.user.id);
  await ctx.audit({
    action: 'profile.schools.replace',
    targetType: 'user',
    targetId: viewer.user.id,
    data: { count: items.length },
  });
}
