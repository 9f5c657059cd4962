/** Writes of the job and project board, in the request's transaction (issue #19). */
import { randomBytes } from 'node:crypto';
import {
  CUSTOM_PROJECT_TEMPLATE_ID,
  webPaths,
  type TCreateJobAlertRequest,
  type TCreateJobPostRequest,
  type TJobSettings,
  type TUpdateJobAlertRequest,
  type TUpdateJobPostRequest,
  type TUpdateJobSettingsRequest,
} from '@commons/contract';
import {
  defaultJobExpiry,
  isJobApprovalNeeded,
  isJobExternalUrlValid,
  jobDefaultDates,
  jobExpiryInstant,
  JOB_EMPLOYMENT_TYPE_LABELS,
  PROJECT_TEMPLATES,
  type TJobFlow,
  type TJobTag,
  type TProjectStatusFilter,
} from '@commons/domain';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';
import {
  adminAccessRights,
  hubJobSettings,
  hubMemberships,
  hubStandardOptions,
  jobAlerts,
  jobPosts,
  savedJobs,
  users,
  userTypes,
} from '../../db/schema/index.js';
import { conflict, notFound, validationError } from '../../lib/app-error.js';
import { richTextToPlain, sanitizeRichText } from '../../lib/rich-text.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { enqueueMail } from '../mail/mail.commands.js';
import { notifyUsers } from '../notifications/notifications.commands.js';
import { isJobsAdmin } from './jobs.policy.js';
import { findJobPostRow, getJobSettings, type TJobViewer } from './jobs.queries.js';

export type TJobPostRow = typeof jobPosts.$inferSelect;

const EXPIRY_IN_PAST = 'Choose a day after today.';
const PROJECT_EXTERNAL = 'Projects take applications inside Commons.';
const UNKNOWN_OPTION = 'Choose from the listed options.';
const UNKNOWN_USER_TYPE = 'Choose user types of this community.';

/** The labels of the hub's job-industries and job-functions options, by key. */
export async function jobOptionLabels(tx: TTx, hubId: number) {
  const rows = await tx
    .select({
      category: hubStandardOptions.category,
      key: hubStandardOptions.optionKey,
      label: hubStandardOptions.label,
    })
    .from(hubStandardOptions)
    .where(
      and(
        eq(hubStandardOptions.hubId, hubId),
        inArray(hubStandardOptions.category, ['job-industries', 'job-functions']),
      ),
    );
  const of = (category: string) =>
    new Map(rows.filter((r) => r.category === category).map((r) => [r.key, r.label]));
  return { industries: of('job-industries'), functions: of('job-functions') };
}

/** The plain words a post is found by (search_text): title, organisation, texts, place, industry, functions, tags. */
export function searchTextOf(post: {
  title: string;
  organisation: string;
  description: string;
  requirements: string;
  location: string | null;
  employmentType: string | null;
  industryLabel: string | null;
  functionLabels: string[];
  tags: readonly TJobTag[];
}): string {
  return [
    post.title,
    post.organisation,
    richTextToPlain(post.description),
    richTextToPlain(post.requirements),
    post.location ?? '',
    post.employmentType
      ? (JOB_EMPLOYMENT_TYPE_LABELS[post.employmentType as keyof typeof JOB_EMPLOYMENT_TYPE_LABELS] ?? '')
      : '',
    post.industryLabel ?? '',
    ...post.functionLabels,
    ...post.tags.map((t) => t.label),
  ]
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

type TPostFields = {
  title: string;
  organisation: string;
  description: string;
  requirements: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  isRemote: boolean;
  employmentType: TCreateJobPostRequest['employmentType'];
  isPaid: boolean;
  industry: string | null;
  jobFunctions: string[];
  audienceUserTypeIds: string[];
  applicationMethod: 'internal' | 'external';
  externalUrl: string | null;
  isResumeRequired: boolean;
  icon: string | null;
  tags: TJobTag[];
  duration: number | null;
  durationUnit: string | null;
  startDate: string | null;
  dueDate: string | null;
};

/**
 * Checks a post's fields against the hub: industry and functions among the hub's standard data (when the hub
 * lists any; a template's own values pass), audience among its user types, an external post's address by the
 * spec 5 URL rule, a project applied to inside Commons. Sanitises the rich text and answers the search text.
 */
async function checkedFields(
  tx: TTx,
  options: {
    hubId: number;
    jobFlow: TJobFlow;
    fields: TPostFields;
    templateValues?: { industry: string; functions: readonly string[] };
  },
): Promise<TPostFields & { searchText: string }> {
  const { fields } = options;
  const errors: Record<string, string> = {};
  const labels = await jobOptionLabels(tx, options.hubId);
  const isKnown = (map: Map<string, string>, key: string, templateKeys: readonly string[]) =>
    map.size === 0 || map.has(key) || templateKeys.includes(key);
  if (
    fields.industry !== null &&
    !isKnown(
      labels.industries,
      fields.industry,
      options.templateValues ? [options.templateValues.industry] : [],
    )
  )
    errors['industry'] = UNKNOWN_OPTION;
  if (
    fields.jobFunctions.some(
      (key) => !isKnown(labels.functions, key, options.templateValues?.functions ?? []),
    )
  )
    errors['jobFunctions'] = UNKNOWN_OPTION;
  if (fields.audienceUserTypeIds.length > 0) {
    const known = await tx
      .select({ id: userTypes.id })
      .from(userTypes)
      .where(and(eq(userTypes.hubId, options.hubId), inArray(userTypes.id, fields.audienceUserTypeIds)));
    if (known.length !== new Set(fields.audienceUserTypeIds).size) errors['audience'] = UNKNOWN_USER_TYPE;
  }
  if (options.jobFlow === 'project' && fields.applicationMethod === 'external')
    errors['applicationMethod'] = PROJECT_EXTERNAL;
  if (
    fields.applicationMethod === 'external' &&
    (!fields.externalUrl || !isJobExternalUrlValid(fields.externalUrl))
  )
    errors['externalUrl'] = 'Enter the web address where people apply.';
  if ((fields.latitude === null) !== (fields.longitude === null))
    errors['latitude'] = 'Give both latitude and longitude, or neither.';
  if (fields.startDate && fields.dueDate && fields.dueDate < fields.startDate)
    errors['dueDate'] = 'The due date must be after the start date.';
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const description = sanitizeRichText(fields.description);
  const requirements = sanitizeRichText(fields.requirements);
  const clean = {
    ...fields,
    description,
    requirements,
    externalUrl: fields.applicationMethod === 'external' ? fields.externalUrl : null,
    isResumeRequired: fields.applicationMethod === 'internal' ? fields.isResumeRequired : false,
  };
  return {
    ...clean,
    searchText: searchTextOf({
      ...clean,
      industryLabel:
        fields.industry === null ? null : (labels.industries.get(fields.industry) ?? fields.industry),
      functionLabels: fields.jobFunctions.map((key) => labels.functions.get(key) ?? key),
    }),
  };
}

/** The day a post leaves the board as an instant: the day chosen (after today) or today + the hub's default. */
function expiryOf(options: {
  expiresOn: string | undefined;
  now: Date;
  timeZone: string;
  settings: TJobSettings;
}): Date {
  if (options.expiresOn === undefined)
    return defaultJobExpiry({
      now: options.now,
      timeZone: options.timeZone,
      defaultPostExpirationDays: options.settings.defaultPostExpirationDays,
    });
  const expiresAt = jobExpiryInstant({ expiresOn: options.expiresOn, timeZone: options.timeZone });
  if (expiresAt.getTime() <= options.now.getTime()) throw validationError({ expiresOn: EXPIRY_IN_PAST });
  return expiresAt;
}

/**
 * Posts a job or a project (issue #19 items 1-2) for a viewer the policy let post. A project from a template
 * takes the template's texts, industry, functions, icon and duration where the request leaves them empty
 * (spec 3 Resulting job fields); every project defaults to 40 hours, starts 2 weeks out and is due 4 weeks
 * out (spec 5). An employer's post waits for approval unless the hub auto-approves it (spec 6).
 */
export async function createJobPost(
  ctx: TRequestContext,
  options: { viewer: TJobViewer; settings: TJobSettings; body: TCreateJobPostRequest },
): Promise<TJobPostRow> {
  const hub = ctx.requireHub();
  const user = ctx.requireViewer().user;
  const { body } = options;
  const template =
    body.jobFlow === 'project' && body.templateId !== null && body.templateId !== CUSTOM_PROJECT_TEMPLATE_ID
      ? PROJECT_TEMPLATES.find((t) => t.id === body.templateId)
      : undefined;
  const defaults = jobDefaultDates({
    now: ctx.now,
    timeZone: user.timezone,
    defaultPostExpirationDays: options.settings.defaultPostExpirationDays,
  });
  const isProject = body.jobFlow === 'project';
  const fields = await checkedFields(ctx.tx, {
    hubId: hub.id,
    jobFlow: body.jobFlow,
    ...(template
      ? { templateValues: { industry: template.industry, functions: template.jobFunctionSlugs } }
      : {}),
    fields: {
      title: body.title,
      organisation: body.organisation,
      description: body.description || template?.jobDescription || '',
      requirements: body.requirements || template?.requirement || '',
      location: body.location,
      latitude: body.latitude,
      longitude: body.longitude,
      isRemote: body.isRemote,
      employmentType: body.employmentType,
      isPaid: body.isPaid,
      industry: body.industry ?? template?.industry ?? null,
      jobFunctions: body.jobFunctions.length ? body.jobFunctions : [...(template?.jobFunctionSlugs ?? [])],
      audienceUserTypeIds: body.audience === 'all' ? [] : [...new Set(body.audience)],
      applicationMethod: isProject ? 'internal' : body.applicationMethod,
      externalUrl: body.externalUrl,
      isResumeRequired: body.isResumeRequired,
      icon: body.icon ?? template?.icon ?? null,
      tags: body.tags,
      duration: body.duration ?? (isProject ? (template?.duration ?? 40) : null),
      durationUnit: body.durationUnit ?? (isProject ? (template?.durationUnit ?? 'hours') : null),
      startDate: body.startDate ?? (isProject ? defaults.startDate : null),
      dueDate: body.dueDate ?? (isProject ? defaults.dueDate : null),
    },
  });
  if (isProject && body.applicationMethod === 'external')
    throw validationError({ applicationMethod: PROJECT_EXTERNAL });
  const expiresAt = expiryOf({
    expiresOn: body.expiresOn,
    now: ctx.now,
    timeZone: user.timezone,
    settings: options.settings,
  });
  const isPending = isJobApprovalNeeded({
    isAdmin: isJobsAdmin(ctx),
    standardUserType: ctx.membership?.userType?.standardUserType ?? null,
    isEmployerPostAutoApproved: options.settings.isEmployerPostAutoApproved,
  });
  const projectStatus: TProjectStatusFilter | null = isProject
    ? isPending
      ? 'pendingApproval'
      : 'pendingHire'
    : null;
  const [row] = await ctx.tx
    .insert(jobPosts)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      ownerUserId: user.id,
      jobFlow: body.jobFlow,
      templateId: template?.id ?? null,
      ...fields,
      expiresAt,
      approvalStatus: isPending ? 'pending' : 'approved',
      projectStatus,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('job_posts insert returned no row');
  if (isPending) await notifyJobApprovers(ctx, row);
  await ctx.audit({ action: 'jobs.post_created', targetType: 'job_post', targetId: row.id });
  return row;
}

/**
 * Tells the hub's approvers (hub admins holding approve-job-posts, spec 6 access groups) that a post waits for
 * them, with a link to the approval queue. Cluster and super admins, who hold every right, are not told about
 * each hub's posts.
 */
async function notifyJobApprovers(ctx: TRequestContext, post: TJobPostRow): Promise<void> {
  const hub = ctx.requireHub();
  const approvers = await ctx.tx
    .select({ userId: hubMemberships.userId })
    .from(hubMemberships)
    .innerJoin(
      adminAccessRights,
      and(
        eq(adminAccessRights.hubId, hubMemberships.hubId),
        eq(adminAccessRights.userId, hubMemberships.userId),
        eq(adminAccessRights.right, 'approve-job-posts'),
      ),
    )
    .where(and(eq(hubMemberships.hubId, post.hubId), eq(hubMemberships.isAdmin, true)));
  const kind = post.jobFlow === 'project' ? 'project' : 'job';
  await notifyUsers(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    actorUserId: post.ownerUserId,
    userIds: approvers.map((a) => a.userId),
    hubId: hub.id,
    type: 'job.pending-approval',
    title: `A ${kind} “${post.title}” is waiting for your approval`,
    url: webPaths.hub.siteAdminJobs(hub.identifier, 'approvals'),
  });
}

/** Edits a post (its owner or an admin, checked by the caller); a closed post stays as it is (409). */
export async function updateJobPost(
  ctx: TRequestContext,
  options: { post: TJobPostRow; settings: TJobSettings; body: TUpdateJobPostRequest },
): Promise<void> {
  const { post, body } = options;
  if (post.closedAt !== null) throw conflict('This post is closed.');
  const user = ctx.requireViewer().user;
  const template = PROJECT_TEMPLATES.find((t) => t.id === post.templateId);
  const pick = <K extends keyof TUpdateJobPostRequest, V>(key: K, current: V): V =>
    (body[key] === undefined ? current : body[key]) as V;
  const audience =
    body.audience === undefined
      ? post.audienceUserTypeIds
      : body.audience === 'all'
        ? []
        : [...new Set(body.audience)];
  const fields = await checkedFields(ctx.tx, {
    hubId: post.hubId,
    jobFlow: post.jobFlow,
    ...(template
      ? { templateValues: { industry: template.industry, functions: template.jobFunctionSlugs } }
      : {}),
    fields: {
      title: pick('title', post.title),
      organisation: pick('organisation', post.organisation),
      description: pick('description', post.description),
      requirements: pick('requirements', post.requirements),
      location: pick('location', post.location),
      latitude: pick('latitude', post.latitude),
      longitude: pick('longitude', post.longitude),
      isRemote: pick('isRemote', post.isRemote),
      employmentType: pick('employmentType', post.employmentType),
      isPaid: pick('isPaid', post.isPaid),
      industry: pick('industry', post.industry),
      jobFunctions: pick('jobFunctions', post.jobFunctions),
      audienceUserTypeIds: audience,
      applicationMethod: pick('applicationMethod', post.applicationMethod),
      externalUrl: pick('externalUrl', post.externalUrl),
      isResumeRequired: pick('isResumeRequired', post.isResumeRequired),
      icon: pick('icon', post.icon),
      tags: pick('tags', post.tags),
      duration: pick('duration', post.duration),
      durationUnit: pick('durationUnit', post.durationUnit),
      startDate: pick('startDate', post.startDate),
      dueDate: pick('dueDate', post.dueDate),
    },
  });
  const expiresAt =
    body.expiresOn === undefined
      ? post.expiresAt
      : expiryOf({
          expiresOn: body.expiresOn,
          now: ctx.now,
          timeZone: user.timezone,
          settings: options.settings,
        });
  await ctx.tx
    .update(jobPosts)
    .set({
      ...fields,
      expiresAt,
      // A post given a new expiry after it expired is listed again and marked again when that day passes.
      ...(body.expiresOn === undefined ? {} : { expiredAt: null }),
      updatedAt: ctx.now,
    })
    .where(eq(jobPosts.id, post.id));
  await ctx.audit({ action: 'jobs.post_updated', targetType: 'job_post', targetId: post.id });
}

/**
 * Closes a post (owner or admin): it leaves the board and takes no more applications. A project nobody was
 * hired for becomes inactive (spec 4 wider filter); hired work goes on.
 */
export async function closeJobPost(ctx: TRequestContext, post: TJobPostRow): Promise<void> {
  if (post.closedAt !== null) return;
  await ctx.tx
    .update(jobPosts)
    .set({
      closedAt: ctx.now,
      updatedAt: ctx.now,
      projectStatus: sql`case when ${jobPosts.projectStatus} in ('pendingHire', 'pendingApproval', 'unapproved') then 'inactive' else ${jobPosts.projectStatus} end`,
    })
    .where(eq(jobPosts.id, post.id));
  await ctx.audit({ action: 'jobs.post_closed', targetType: 'job_post', targetId: post.id });
}

/**
 * Approves or rejects a pending post (approve-job-posts, checked by the caller); a post already decided is a
 * 409. The owner gets a notification and an email.
 */
export async function decideJobPost(
  ctx: TRequestContext,
  options: {
    post: TJobPostRow;
    decision: 'approve' | 'reject';
    reason?: string | undefined;
    publicUrl: string;
  },
): Promise<void> {
  const { post } = options;
  const hub = ctx.requireHub();
  const viewer = ctx.requireViewer();
  if (post.approvalStatus !== 'pending') throw conflict('This post was already reviewed.');
  const isApproved = options.decision === 'approve';
  const [changed] = await ctx.tx
    .update(jobPosts)
    .set({
      approvalStatus: isApproved ? 'approved' : 'rejected',
      reviewedByUserId: viewer.user.id,
      reviewedAt: ctx.now,
      updatedAt: ctx.now,
      ...(post.jobFlow === 'project' ? { projectStatus: isApproved ? 'pendingHire' : 'unapproved' } : {}),
    })
    .where(and(eq(jobPosts.id, post.id), eq(jobPosts.approvalStatus, 'pending')))
    .returning({ id: jobPosts.id });
  if (!changed) throw conflict('This post was already reviewed.');
  const path = webPaths.hub.jobDetail(hub.identifier, post.id, { isProject: post.jobFlow === 'project' });
  const kind = post.jobFlow === 'project' ? 'project' : 'job';
  const title = isApproved
    ? `Your ${kind} “${post.title}” was approved and is now on the board`
    : `Your ${kind} “${post.title}” was not approved`;
  await notifyUsers(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    actorUserId: viewer.user.id,
    userIds: [post.ownerUserId],
    hubId: hub.id,
    type: isApproved ? 'job.approved' : 'job.rejected',
    title,
    url: path,
  });
  const [owner] = await ctx.tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, post.ownerUserId))
    .limit(1);
  if (owner && owner.email !== '' && post.ownerUserId !== viewer.user.id) {
    await enqueueMail(ctx.tx, ctx.clusterId, {
      to: owner.email,
      subject: title,
      text: [
        `Hi ${owner.firstName},`,
        '',
        isApproved
          ? `${hub.name} approved your ${kind} “${post.title}”. Members can now find it and apply.`
          : `${hub.name} did not approve your ${kind} “${post.title}”.`,
        ...(options.reason ? ['', `Reason: ${options.reason}`] : []),
        '',
        `${options.publicUrl}${path}`,
      ].join('\n'),
    });
  }
  await ctx.audit({
    action: isApproved ? 'jobs.post_approved' : 'jobs.post_rejected',
    targetType: 'job_post',
    targetId: post.id,
  });
}

/** Saves or unsaves a post for the viewer; both are idempotent. */
export async function setJobPostSaved(
  ctx: TRequestContext,
  options: { hubId: number; userId: string; postId: string; isSaved: boolean },
): Promise<void> {
  if (options.isSaved) {
    await ctx.tx
      .insert(savedJobs)
      .values({
        clusterId: ctx.clusterId,
        hubId: options.hubId,
        userId: options.userId,
        postId: options.postId,
        createdAt: ctx.now,
      })
      .onConflictDoNothing();
  } else {
    await ctx.tx
      .delete(savedJobs)
      .where(and(eq(savedJobs.userId, options.userId), eq(savedJobs.postId, options.postId)));
  }
}

/** How many alerts a member may keep in one hub. */
export const JOB_ALERTS_PER_HUB = 20;

/** A fresh one-click unsubscribe token: 128 random bits, base64url (22 characters). */
function unsubscribeToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Saves a search as a job alert (at most JOB_ALERTS_PER_HUB per member and hub: 409 beyond). */
export async function createJobAlert(
  ctx: TRequestContext,
  options: { hubId: number; userId: string; body: TCreateJobAlertRequest; maxMessage: string },
) {
  const [existing] = await ctx.tx
    .select({ n: count() })
    .from(jobAlerts)
    .where(and(eq(jobAlerts.hubId, options.hubId), eq(jobAlerts.userId, options.userId)));
  if ((existing?.n ?? 0) >= JOB_ALERTS_PER_HUB) throw conflict(options.maxMessage);
  const [row] = await ctx.tx
    .insert(jobAlerts)
    .values({
      clusterId: ctx.clusterId,
      hubId: options.hubId,
      userId: options.userId,
      query: options.body.query,
      filters: options.body.filters,
      frequency: options.body.frequency,
      unsubscribeToken: unsubscribeToken(),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('job_alerts insert returned no row');
  return row;
}

/** Changes one of the viewer's alerts; another member's alert is answered as missing. */
export async function updateJobAlert(
  ctx: TRequestContext,
  options: { hubId: number; userId: string; alertId: string; body: TUpdateJobAlertRequest },
) {
  const { body } = options;
  const [row] = await ctx.tx
    .update(jobAlerts)
    .set({
      ...(body.query === undefined ? {} : { query: body.query }),
      ...(body.filters === undefined ? {} : { filters: body.filters }),
      ...(body.frequency === undefined ? {} : { frequency: body.frequency }),
      ...(body.isActive === undefined ? {} : { isActive: body.isActive }),
      updatedAt: ctx.now,
    })
    .where(
      and(
        eq(jobAlerts.id, options.alertId),
        eq(jobAlerts.hubId, options.hubId),
        eq(jobAlerts.userId, options.userId),
      ),
    )
    .returning();
  if (!row) throw notFound('Job alert');
  return row;
}

/** Deletes one of the viewer's alerts (404 when it is not theirs or gone). */
export async function deleteJobAlert(
  ctx: TRequestContext,
  options: { hubId: number; userId: string; alertId: string },
): Promise<void> {
  const deleted = await ctx.tx
    .delete(jobAlerts)
    .where(
      and(
        eq(jobAlerts.id, options.alertId),
        eq(jobAlerts.hubId, options.hubId),
        eq(jobAlerts.userId, options.userId),
      ),
    )
    .returning({ id: jobAlerts.id });
  if (deleted.length === 0) throw notFound('Job alert');
}

/** Turns off the alert an email's unsubscribe link names, without signing in (app_job_alert_unsubscribe). */
export async function unsubscribeJobAlert(tx: TTx, token: string): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(tx, sql`select app_job_alert_unsubscribe(${token}) as ok`);
  return row?.ok === true;
}

/** Stores the hub's job board settings (job-settings, checked by the caller) and answers them. */
export async function updateJobSettings(
  ctx: TRequestContext,
  body: TUpdateJobSettingsRequest,
): Promise<TJobSettings> {
  const hub = ctx.requireHub();
  const next = { ...(await getJobSettings(ctx.tx, hub.id)), ...body };
  await ctx.tx
    .insert(hubJobSettings)
    .values({ hubId: hub.id, clusterId: ctx.clusterId, ...next, updatedAt: ctx.now })
    .onConflictDoUpdate({ target: hubJobSettings.hubId, set: { ...next, updatedAt: ctx.now } });
  await ctx.audit({
    action: 'jobs.settings_updated',
    targetType: 'hub',
    targetId: String(hub.id),
    data: body,
  });
  return next;
}

/** A post of the request's hub for a command, else 404. */
export async function requireJobPostRow(ctx: TRequestContext, id: string): Promise<TJobPostRow> {
  const row = await findJobPostRow(ctx.tx, { hubId: ctx.requireHub().id, id });
  if (!row) throw notFound('Post');
  return row;
}

/**
 * Marks the posts whose expiry passed (issue #19 item 4), in one cluster: sets expired_at once, and a project
 * nobody was hired for becomes inactive. The board already left them out at their expiry instant; this is
 * the record (and what the owner's lists show). Idempotent and safe with several processes: the update only
 * takes rows still unmarked, and a second process waits on the first's row locks, then finds them marked.
 */
export async function markExpiredJobPosts(tx: TTx, now: Date): Promise<number> {
  const rows = await tx
    .update(jobPosts)
    .set({
      expiredAt: now,
      projectStatus: sql`case when ${jobPosts.projectStatus} in ('pendingHire', 'pendingApproval') then 'inactive' else ${jobPosts.projectStatus} end`,
    })
    .where(and(isNull(jobPosts.expiredAt), sql`${jobPosts.expiresAt} <= ${now.toISOString()}::timestamptz`))
    .returning({ id: jobPosts.id });
  return rows.length;
}
