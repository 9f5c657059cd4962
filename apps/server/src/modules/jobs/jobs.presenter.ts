/** Job board rows -> contract response shapes (issue #19). */
import {
  webPaths,
  type TJobAlert,
  type TJobListFilters,
  type TJobPost,
  type TJobPostSummary,
  type TJobSettings,
  type TJobSettingsResponse,
} from '@commons/contract';
import {
  JOB_EMPLOYMENT_TYPE_LABELS,
  JOB_TAG_KINDS,
  jobTagColour,
  PROJECT_STATUS_FILTER,
  type TJobEmploymentType,
  type TJobTagKind,
  type TProjectStatusFilter,
} from '@commons/domain';
import type { jobAlerts } from '../../db/schema/index.js';
import { LRUCache } from 'lru-cache';
import { richTextToPlain } from '../../lib/rich-text.js';
import { canEditPost, type TPostEditor, type TPostFacts } from './jobs.policy.js';
import type { TJobCardRow, TJobDetailRow, TJobSearchResult } from './jobs.queries.js';

/** Characters of plain text a card's excerpt shows. */
export const EXCERPT_LENGTH = 200;

const iso = (value: string): string => new Date(value).toISOString();
const isoOrNull = (value: string | null): string | null => (value === null ? null : iso(value));

/**
 * Excerpts of the descriptions read lately, by their source text: a board page shows the same posts to many
 * members, and turning rich text into plain text (sanitize-html) was a sixth of the job search's CPU time.
 */
const excerpts = new LRUCache<string, string>({ max: 2_000 });

function excerptOf(html: string): string {
  const known = excerpts.get(html);
  if (known !== undefined) return known;
  const text = richTextToPlain(html).replace(/\s+/g, ' ').trim();
  const excerpt = text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
  excerpts.set(html, excerpt);
  return excerpt;
}

function isTagKind(kind: string): kind is TJobTagKind {
  return (JOB_TAG_KINDS as readonly string[]).includes(kind);
}

function isProjectStatus(status: string | null): status is TProjectStatusFilter {
  return status !== null && (PROJECT_STATUS_FILTER as readonly string[]).includes(status);
}

/** The facts of a card row the policy reads. */
export function postFactsOf(row: TJobCardRow): TPostFacts {
  return {
    ownerUserId: row.owner_user_id,
    jobFlow: row.job_flow,
    approvalStatus: row.approval_status,
    closedAt: row.closed_at === null ? null : new Date(row.closed_at),
    expiresAt: new Date(row.expires_at),
    audience: row.audience_user_type_ids,
    applicationMethod: row.application_method,
    hasApplied: row.has_applied,
  };
}

/** A post's fields as lists show them, without the viewer's abilities. */
function summaryFields(row: TJobCardRow, now: Date): Omit<TJobPostSummary, 'can'> {
  return {
    id: row.id,
    jobFlow: row.job_flow,
    title: row.title,
    organisation: row.organisation,
    excerpt: excerptOf(row.description_start),
    location: row.location,
    isRemote: row.is_remote,
    employmentType: (row.employment_type as TJobEmploymentType | null) ?? null,
    isPaid: row.is_paid,
    industry: row.industry === null ? null : { key: row.industry, label: row.industry_label ?? row.industry },
    jobFunctions: row.job_function_options,
    applicationMethod: row.application_method,
    icon: row.icon,
    tags: row.tags.flatMap((tag) =>
      isTagKind(tag.kind) ? [{ kind: tag.kind, label: tag.label, colour: jobTagColour(tag.kind) }] : [],
    ),
    duration: row.duration,
    durationUnit: row.duration_unit,
    startDate: row.start_date,
    dueDate: row.due_date,
    expiresAt: iso(row.expires_at),
    isExpired: new Date(row.expires_at).getTime() <= now.getTime(),
    approvalStatus: row.approval_status,
    projectStatus: isProjectStatus(row.project_status) ? row.project_status : null,
    closedAt: isoOrNull(row.closed_at),
    createdAt: iso(row.created_at),
    owner: {
      id: row.owner_user_id,
      identifier: row.owner_identifier,
      fullName: row.owner_name,
      photoUrl: row.owner_photo_url,
    },
    isSaved: row.is_saved,
    hasApplied: row.has_applied,
  };
}

/** A post as lists show it, with what the viewer may do with it there (`can.edit`: the card's Edit link). */
export function presentJobSummary(
  row: TJobCardRow,
  options: { now: Date; editor: TPostEditor },
): TJobPostSummary {
  return {
    ...summaryFields(row, options.now),
    can: {
      edit: canEditPost(options.editor, { ownerUserId: row.owner_user_id, isClosed: row.closed_at !== null }),
    },
  };
}

/** A post with its page's fields and the viewer's abilities. */
export function presentJobPost(row: TJobDetailRow, options: { now: Date; can: TJobPost['can'] }): TJobPost {
  return {
    ...summaryFields(row, options.now),
    description: row.description,
    requirements: row.requirements,
    latitude: row.latitude,
    longitude: row.longitude,
    audience: row.audience_user_type_ids.length === 0 ? 'all' : row.audience_user_type_ids,
    externalUrl: row.external_url,
    isResumeRequired: row.is_resume_required,
    templateId: row.template_id,
    reviewedAt: isoOrNull(row.reviewed_at),
    updatedAt: iso(row.updated_at),
    can: options.can,
  };
}

/** Facet values with readable labels (employment types, paid, remote). */
export function presentFacets(facets: TJobSearchResult['facets']): TJobSearchResult['facets'] {
  return {
    ...facets,
    employmentType: facets.employmentType.map((f) => ({
      ...f,
      label: JOB_EMPLOYMENT_TYPE_LABELS[f.value as TJobEmploymentType] ?? f.value,
    })),
    paid: facets.paid.map((f) => ({ ...f, label: f.value === 'true' ? 'Paid' : 'Unpaid' })),
    remote: facets.remote.map((f) => ({ ...f, label: f.value === 'true' ? 'Remote' : 'On site' })),
  };
}

/** The settings with the viewer's abilities on the board. */
export function presentJobSettings(
  settings: TJobSettings,
  can: TJobSettingsResponse['can'],
): TJobSettingsResponse {
  return { settings, can };
}

const EMPTY_FILTERS: TJobListFilters = { industry: [], jobFunction: [], employmentType: [], location: [] };

/** A job alert as its owner sees it, with the unsubscribe link its emails carry. */
export function presentJobAlert(row: typeof jobAlerts.$inferSelect): TJobAlert {
  return {
    id: row.id,
    query: row.query,
    filters: { ...EMPTY_FILTERS, ...(row.filters as Partial<TJobListFilters>) },
    frequency: row.frequency,
    isActive: row.isActive,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    unsubscribePath: webPaths.jobAlertUnsubscribe(row.unsubscribeToken),
  };
}
