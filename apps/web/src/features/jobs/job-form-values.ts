/**
 * The post form's values and what they send (contract ZCreateJobPostRequest): a job, or a project filled from
 * a template (spec 3 Resulting job fields: title, description, requirements, industry, icon, duration, and the
 * spec 5 default dates). Pure, tested on its own.
 */
import {
  CUSTOM_PROJECT_TEMPLATE_ID,
  type TCreateJobPostInput,
  type TJobPost,
  type TProjectTemplateView,
  type TUpdateJobPostRequest,
} from '@commons/contract';
import {
  DEFAULT_PROJECT_DURATION,
  zonedDate,
  type TJobEmploymentType,
  type TJobTagKind,
} from '@commons/domain';

/** One tag row of the form. */
export interface TTagRow {
  key: string;
  kind: TJobTagKind;
  label: string;
}

/** Everything the post form edits. */
export interface TJobFormValues {
  jobFlow: 'job' | 'project';
  templateId: string | null;
  title: string;
  organisation: string;
  description: string;
  requirements: string;
  location: string;
  isRemote: boolean;
  employmentType: TJobEmploymentType | '';
  isPaid: boolean;
  industry: string;
  jobFunctions: string[];
  audience: 'all' | 'chosen';
  audienceUserTypes: string[];
  applicationMethod: 'internal' | 'external';
  externalUrl: string;
  isResumeRequired: boolean;
  icon: string;
  tags: TTagRow[];
  /** Digits as typed ('' when none). */
  duration: string;
  durationUnit: 'hours' | 'days' | 'weeks';
  startDate: string;
  dueDate: string;
  expiresOn: string;
}

/** Default days of a new post (from GET /api/jobs/templates: today in the poster's zone + the hub's rules). */
export interface TJobFormDefaults {
  startDate: string;
  dueDate: string;
  expiresOn: string;
}

/** Plain template text as the rich-text editor's HTML: one paragraph per line, characters escaped. */
export function plainToHtml(text: string): string {
  const escape = (line: string) =>
    line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}

/** An empty job post, closing on the hub's default day. */
export function emptyJobValues(defaults: TJobFormDefaults, organisation = ''): TJobFormValues {
  return {
    jobFlow: 'job',
    templateId: null,
    title: '',
    organisation,
    description: '',
    requirements: '',
    location: '',
    isRemote: false,
    employmentType: '',
    isPaid: true,
    industry: '',
    jobFunctions: [],
    audience: 'all',
    audienceUserTypes: [],
    applicationMethod: 'internal',
    externalUrl: '',
    isResumeRequired: false,
    icon: '',
    tags: [],
    duration: '',
    durationUnit: 'hours',
    startDate: '',
    dueDate: '',
    expiresOn: defaults.expiresOn,
  };
}

function durationUnitOf(unit: string): TJobFormValues['durationUnit'] {
  return unit === 'days' || unit === 'weeks' ? unit : 'hours';
}

/**
 * A project from a template (spec 3): its role as the title, its texts, icon and duration, its industry and
 * job functions where the hub's standard data has them, unpaid, internal with the resume optional, and the
 * default start, due and expiry days (spec 5). 'custom' (or no template) is a blank project of 40 hours.
 */
export function projectValuesFrom(options: {
  template: TProjectTemplateView | null;
  defaults: TJobFormDefaults;
  industryKeys: readonly string[];
  jobFunctionKeys: readonly string[];
  organisation?: string;
}): TJobFormValues {
  const { template, defaults } = options;
  const base: TJobFormValues = {
    ...emptyJobValues(defaults, options.organisation),
    jobFlow: 'project',
    templateId: template?.id ?? CUSTOM_PROJECT_TEMPLATE_ID,
    isPaid: false,
    duration: String(template?.duration ?? DEFAULT_PROJECT_DURATION),
    durationUnit: durationUnitOf(template?.durationUnit ?? 'hours'),
    startDate: defaults.startDate,
    dueDate: defaults.dueDate,
  };
  if (template === null) return base;
  return {
    ...base,
    title: template.role,
    description: plainToHtml(template.jobDescription),
    requirements: plainToHtml(template.requirement),
    icon: template.icon,
    industry: options.industryKeys.includes(template.industry) ? template.industry : '',
    jobFunctions: template.jobFunctionSlugs.filter((slug) => options.jobFunctionKeys.includes(slug)),
  };
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The create request of the form's values (blank optional fields sent as null; the server sanitises HTML). */
export function jobRequestFrom(values: TJobFormValues): TCreateJobPostInput {
  const isProject = values.jobFlow === 'project';
  const duration = values.duration.trim() === '' ? null : Number(values.duration);
  return {
    jobFlow: values.jobFlow,
    templateId: isProject ? values.templateId : null,
    title: values.title.trim(),
    organisation: values.organisation.trim(),
    description: values.description,
    requirements: values.requirements,
    location: orNull(values.location),
    isRemote: values.isRemote,
    employmentType: isProject || values.employmentType === '' ? null : values.employmentType,
    isPaid: values.isPaid,
    industry: orNull(values.industry),
    jobFunctions: values.jobFunctions,
    audience:
      values.audience === 'all' || values.audienceUserTypes.length === 0 ? 'all' : values.audienceUserTypes,
    applicationMethod: values.applicationMethod,
    externalUrl: values.applicationMethod === 'external' ? orNull(values.externalUrl) : null,
    isResumeRequired: values.applicationMethod === 'internal' && values.isResumeRequired,
    icon: orNull(values.icon),
    tags: values.tags
      .map((tag) => ({ kind: tag.kind, label: tag.label.trim() }))
      .filter((tag) => tag.label !== ''),
    duration: isProject && duration !== null ? duration : null,
    durationUnit: isProject && duration !== null ? values.durationUnit : null,
    startDate: isProject ? orNull(values.startDate) : null,
    dueDate: isProject ? orNull(values.dueDate) : null,
    ...(values.expiresOn.trim() === '' ? {} : { expiresOn: values.expiresOn.trim() }),
  };
}

/** Where a server field error shows in the form (tags.2.label → the tags list; audience → its choice). */
export function formFieldOf(serverField: string): string {
  if (serverField.startsWith('tags.')) return 'tags';
  if (serverField.startsWith('jobFunctions')) return 'jobFunctions';
  if (serverField.startsWith('audience')) return 'audience';
  if (serverField === 'latitude' || serverField === 'longitude') return 'location';
  return serverField;
}

/** The form's values of an existing post (the edit form): option keys, the audience's types, its closing day. */
export function jobValuesFromPost(post: TJobPost, timeZone: string): TJobFormValues {
  const isProject = post.jobFlow === 'project';
  return {
    jobFlow: post.jobFlow,
    templateId: post.templateId,
    title: post.title,
    organisation: post.organisation,
    description: post.description,
    requirements: post.requirements,
    location: post.location ?? '',
    isRemote: post.isRemote,
    employmentType: isProject ? '' : (post.employmentType ?? ''),
    isPaid: post.isPaid,
    industry: post.industry?.key ?? '',
    jobFunctions: post.jobFunctions.map((option) => option.key),
    audience: post.audience === 'all' ? 'all' : 'chosen',
    audienceUserTypes: post.audience === 'all' ? [] : [...post.audience],
    applicationMethod: post.applicationMethod,
    externalUrl: post.externalUrl ?? '',
    isResumeRequired: post.isResumeRequired,
    icon: post.icon ?? '',
    tags: post.tags.map((tag, index) => ({ key: `tag-${index}`, kind: tag.kind, label: tag.label })),
    duration: post.duration === null ? '' : String(post.duration),
    durationUnit: durationUnitOf(post.durationUnit ?? 'hours'),
    startDate: post.startDate ?? '',
    dueDate: post.dueDate ?? '',
    expiresOn: zonedDate(new Date(post.expiresAt), timeZone),
  };
}

/**
 * The PATCH of the edit form: every field the form edits (the flow and template stay), and the closing day only
 * when it was changed (a new day re-lists an expired post and must be after today).
 */
export function jobUpdateFrom(values: TJobFormValues, initial: TJobFormValues): TUpdateJobPostRequest {
  const { jobFlow: _flow, templateId: _template, expiresOn, ...fields } = jobRequestFrom(values);
  const isExpiryChanged = values.expiresOn.trim() !== initial.expiresOn.trim();
  return { ...fields, ...(isExpiryChanged && expiresOn !== undefined ? { expiresOn } : {}) };
}
