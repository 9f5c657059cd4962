/**
 * Message types, their settings and defaults (spec 3 Message types, spec 9), meeting mediums and
 * the default outreach templates (spec 9 Outreach templates).
 */
import { z } from 'zod';

/** The seven message types (spec 3, spec 9). */
export const MESSAGE_TYPES = [
  'longTermMentorship',
  'flashMentorship',
  'exploreMentorship',
  'message',
  'requestResume',
  'scheduleInterview',
  'adviserMeetingV2',
] as const;

/** One message type. */
export type TMessageType = (typeof MESSAGE_TYPES)[number];

/** Display names of the message types (spec 9: long-term, flash, explore, standard message, resume request, schedule interview, adviser meeting). */
export const MESSAGE_TYPE_LABELS: Readonly<Record<TMessageType, string>> = {
  longTermMentorship: 'Long-term mentorship',
  flashMentorship: 'Flash mentorship',
  exploreMentorship: 'Explore mentorship',
  message: 'Message',
  requestResume: 'Resume request',
  scheduleInterview: 'Schedule interview',
  adviserMeetingV2: 'Adviser meeting',
};

/** One line on what each type asks of the recipient, shown when the hub sets no subText of its own. */
export const MESSAGE_TYPE_EXPLANATIONS: Readonly<Record<TMessageType, string>> = {
  longTermMentorship: 'Ask for an ongoing mentorship: regular conversations over the coming months.',
  flashMentorship: 'Ask for one short conversation about a specific question.',
  exploreMentorship: 'Ask for an informal chat to explore a field, a role or a path.',
  message: 'A plain message, with no request attached.',
  requestResume: 'Ask for feedback on your resume.',
  scheduleInterview: 'Propose times for an interview.',
  adviserMeetingV2: 'Book time with an adviser.',
};

/** Message types whose requests propose a meeting; these can be disabled per pair of user types (spec 6 Messaging). */
export const MEETING_MESSAGE_TYPES = [
  'flashMentorship',
  'exploreMentorship',
  'scheduleInterview',
  'adviserMeetingV2',
] as const satisfies readonly TMessageType[];

/** Type guard for a message type name. */
export function isMessageType(value: unknown): value is TMessageType {
  return typeof value === 'string' && (MESSAGE_TYPES as readonly string[]).includes(value);
}

/** Whether a message type's requests propose a meeting (spec 6 Messaging). */
export function isMeetingMessageType(type: TMessageType): boolean {
  return (MEETING_MESSAGE_TYPES as readonly string[]).includes(type);
}

/** Why a meeting cannot be requested in a thread of this type and mentorship state, or null when it can. */
export function meetingInThreadRefusal(thread: {
  messageType: string;
  mentorshipStatus: string | null;
}): string | null {
  if (thread.messageType === 'longTermMentorship') {
    // A mentorship meets once the mentor has accepted it; before that the request is still an ask.
    return thread.mentorshipStatus === 'active'
      ? null
      : 'Meetings can be requested once the mentorship is accepted.';
  }
  if (
    thread.messageType === 'message' ||
    (isMessageType(thread.messageType) && isMeetingMessageType(thread.messageType))
  )
    return null;
  return 'Meetings cannot be requested in this conversation.';
}

/** Default text of the long-term mentorship length (spec 9). */
export const DEFAULT_MENTORSHIP_LENGTH_TEXT = 'at least 2 hours per month';

/** A limit where -1 means unlimited (spec 5, spec 9). */
export const ZLimit = z.number().int().min(-1);

/** Settings of one message type (spec 3 Message types). Limits use -1 for unlimited. */
export const ZMessageTypeSettings = z.object({
  enabled: z.boolean(),
  hasIndependentMessagePool: z.boolean(),
  userOptIn: z.boolean(),
  maxMentorshipLimit: ZLimit,
  maxConnectLimit: ZLimit,
  maxMessages: ZLimit,
  maxOpenMentorships: ZLimit,
  mentorshipLength: z.string().max(200),
  headlineText: z.string().max(200),
  subText: z.string().max(1000),
  videoLink: z.string().max(2048).nullable(),
  order: z.number().int().min(0),
});

/** Settings of one message type. */
export type TMessageTypeSettings = z.infer<typeof ZMessageTypeSettings>;

/** Settings of every message type of a hub, user type or program; missing types take the defaults. */
export const ZMessageTypesSettings = z.partialRecord(z.enum(MESSAGE_TYPES), ZMessageTypeSettings.partial());

/** Partial settings per message type as stored. */
export type TMessageTypesSettings = z.infer<typeof ZMessageTypesSettings>;

const baseSettings = {
  hasIndependentMessagePool: false,
  userOptIn: false,
  maxMentorshipLimit: -1,
  maxConnectLimit: -1,
  maxMessages: -1,
  maxOpenMentorships: -1,
  mentorshipLength: '',
  subText: '',
  videoLink: null,
} as const;

/**
 * Defaults of each message type (spec 3, spec 9). Commons enables the standard message, flash
 * and long-term mentorship by default; the others are turned on per hub. Long-term mentorship
 * allows 3 open mentorships and carries the default length text.
 */
export const DEFAULT_MESSAGE_TYPE_SETTINGS: Readonly<Record<TMessageType, TMessageTypeSettings>> = {
  longTermMentorship: {
    ...baseSettings,
    enabled: true,
    userOptIn: true,
    maxOpenMentorships: 3,
    mentorshipLength: DEFAULT_MENTORSHIP_LENGTH_TEXT,
    headlineText: 'Request long-term mentorship',
    order: 0,
  },
  flashMentorship: {
    ...baseSettings,
    enabled: true,
    userOptIn: true,
    headlineText: 'Ask for a quick chat',
    order: 1,
  },
  exploreMentorship: {
    ...baseSettings,
    enabled: false,
    userOptIn: true,
    headlineText: 'Explore a career',
    order: 2,
  },
  message: { ...baseSettings, enabled: true, headlineText: 'Send a message', order: 3 },
  requestResume: { ...baseSettings, enabled: false, headlineText: 'Request a resume', order: 4 },
  scheduleInterview: { ...baseSettings, enabled: false, headlineText: 'Schedule an interview', order: 5 },
  adviserMeetingV2: { ...baseSettings, enabled: false, headlineText: 'Book an adviser meeting', order: 6 },
};

/** Stored partial settings merged over the defaults, for every message type (spec 3). */
export function resolveMessageTypeSettings(
  stored: TMessageTypesSettings | null | undefined,
): Record<TMessageType, TMessageTypeSettings> {
  const entries = MESSAGE_TYPES.map((type) => [
    type,
    { ...DEFAULT_MESSAGE_TYPE_SETTINGS[type], ...stored?.[type] },
  ]);
  return Object.fromEntries(entries) as Record<TMessageType, TMessageTypeSettings>;
}

/** Enabled message types in their configured order (spec 3 order). */
export function enabledMessageTypes(
  settings: Readonly<Record<TMessageType, TMessageTypeSettings>>,
): TMessageType[] {
  return MESSAGE_TYPES.filter((type) => settings[type].enabled).sort(
    (a, b) => settings[a].order - settings[b].order,
  );
}

/** Meeting mediums (spec 9: video call, phone call, in-person meeting, external-meeting, email). */
export const MEETING_MEDIUMS = ['video', 'phone', 'in-person', 'external-meeting', 'email'] as const;

/** One meeting medium. */
export type TMeetingMedium = (typeof MEETING_MEDIUMS)[number];

/** Display names of the meeting mediums. */
export const MEETING_MEDIUM_LABELS: Readonly<Record<TMeetingMedium, string>> = {
  video: 'Video call',
  phone: 'Phone call',
  'in-person': 'In-person meeting',
  'external-meeting': 'External meeting',
  email: 'Email',
};

/** Outreach template style: written by a student, or by an alumnus (spec 9). */
export type TOutreachStyle = 'student' | 'alumni';

/** A default outreach template; bracketed parts are placeholders the sender must fill (spec 5 Message template). */
export interface TOutreachTemplate {
  id: string;
  style: TOutreachStyle;
  title: string;
  body: string;
}

/** Length of the call every default outreach template proposes (spec 9). */
export const OUTREACH_CALL_MINUTES = 30;

/** Default outreach templates: 3 student-style and 3 alumni-style, each proposing a 30-minute call (spec 9). */
export const OUTREACH_TEMPLATES: readonly TOutreachTemplate[] = [
  {
    id: 'student-pursue-career',
    style: 'student',
    title: 'Pursuing a career',
    body:
      'Hi [add name], I am a student at [add school name] and I am interested in pursuing a career as ' +
      '[add career]. I would love to hear how you got started. Would you have time for a 30-minute call ' +
      'in the coming weeks?',
  },
  {
    id: 'student-learn-industry',
    style: 'student',
    title: 'Learning about an industry',
    body:
      'Hi [add name], I am a student at [add school name] exploring the [add industry] industry. I would ' +
      'appreciate your perspective on what the work is really like. Could we set up a 30-minute call?',
  },
  {
    id: 'student-get-hired',
    style: 'student',
    title: 'Getting hired',
    body:
      'Hi [add name], I am a student at [add school name] preparing to apply for roles at companies like ' +
      '[add company]. I would value your advice on getting hired. Would you be open to a 30-minute call?',
  },
  {
    id: 'alumni-industry',
    style: 'alumni',
    title: 'Connecting in your industry',
    body:
      'Hi [add name], I am a fellow [add school name] graduate working in [add industry]. I would enjoy ' +
      'comparing notes on where the industry is heading. Would you have time for a 30-minute call?',
  },
  {
    id: 'alumni-career-growth',
    style: 'alumni',
    title: 'Growing your career',
    body:
      'Hi [add name], I am a [add school name] alum thinking about my next step toward [add goal]. Your ' +
      'path stood out to me, and I would love to hear how you grew your career. Could we talk for 30 minutes?',
  },
  {
    id: 'alumni-expand-network',
    style: 'alumni',
    title: 'Expanding your network',
    body:
      'Hi [add name], I am a [add school name] alum working as [add role] and I am looking to expand my ' +
      'network. I would be glad to learn about your work and share mine. Are you free for a 30-minute call?',
  },
];

/** An admin-defined template set that replaces the defaults for one sender/recipient user type pair (spec 6 Messaging). */
export interface TAdminOutreachTemplates {
  senderUserTypeId: string;
  recipientUserTypeId: string;
  templates: readonly TOutreachTemplate[];
}

/**
 * Outreach templates offered to a sender (spec 6, spec 9): admin templates for the user type pair
 * replace the defaults; otherwise students get the student-style and everyone else the alumni-style.
 */
export function outreachTemplatesFor(options: {
  senderUserTypeId: string;
  recipientUserTypeId: string;
  isSenderStudent: boolean;
  adminTemplates?: readonly TAdminOutreachTemplates[];
}): readonly TOutreachTemplate[] {
  const custom = options.adminTemplates?.find(
    (set) =>
      set.senderUserTypeId === options.senderUserTypeId &&
      set.recipientUserTypeId === options.recipientUserTypeId,
  );
  if (custom !== undefined) return custom.templates;
  const style: TOutreachStyle = options.isSenderStudent ? 'student' : 'alumni';
  return OUTREACH_TEMPLATES.filter((template) => template.style === style);
}

// ---- Per user type (spec 3 User type messageTypes; issue #22 item 1) ----

/** The highest count an admin may set for a message type limit (-1 stays unlimited). */
export const MESSAGE_TYPE_LIMIT_MAX = 1000;

/** The highest position a message type may take in a list of them. */
export const MESSAGE_TYPE_ORDER_MAX = 99;

/** Help text shown beside each message type setting (spec 3 Message types). */
export const MESSAGE_TYPE_SETTING_HELP: Readonly<Record<keyof TMessageTypeSettings, string>> = {
  enabled: 'Members of this type can send this kind of request.',
  hasIndependentMessagePool:
    'Inside a program, requests of this type count against the program’s own limits instead of the hub’s.',
  userOptIn: 'Members must opt in before they receive requests of this type.',
  maxMentorshipLimit: 'Most long-term mentorships a member of this type takes on at once (-1 is unlimited).',
  maxConnectLimit:
    'Most connection or meeting requests of this type a member of this type takes at once (-1 is unlimited).',
  maxMessages:
    'Most requests of this type a member of this type may have pending or ongoing (-1 is unlimited).',
  maxOpenMentorships:
    'Most open long-term mentorships a member of this type may have as a mentee (-1 is unlimited).',
  mentorshipLength: `How long a mentorship lasts, as members of this type read it when they ask (default “${DEFAULT_MENTORSHIP_LENGTH_TEXT}”); the hub’s own length decides when mentorships close automatically.`,
  headlineText: 'The button and heading members see for this request.',
  subText: 'One or two lines under the heading explaining the request.',
  videoLink: 'An optional http(s) link to a video explaining this request.',
  order: 'Position among the request types (0 comes first).',
};

/** A message type limit an admin sets: -1 (unlimited) up to MESSAGE_TYPE_LIMIT_MAX. */
const LIMIT_MESSAGE = `Use -1 for unlimited, or a whole number from 0 to ${MESSAGE_TYPE_LIMIT_MAX}.`;
export const ZMessageTypeLimit = z
  .number({ message: LIMIT_MESSAGE })
  .int({ message: LIMIT_MESSAGE })
  .min(-1, { message: LIMIT_MESSAGE })
  .max(MESSAGE_TYPE_LIMIT_MAX, { message: LIMIT_MESSAGE });

/** An http(s) address of an explanatory video, or null for none. */
export const ZMessageTypeVideoLink = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), { message: 'Use a link starting with https://.' })
  .nullable();

/**
 * Settings an admin gives one message type of a user type (spec 3 Message types, every setting). Bounds:
 * limits -1..1000, texts as members read them, an http(s) video link, order 0..99. The recipient user
 * type ids restrict whom members of the type may send it to (spec 6 Messaging); empty means every type.
 */
export const ZUserTypeMessageTypeSetting = z.object({
  enabled: z.boolean(),
  recipientUserTypeIds: z.array(z.uuid()).max(100),
  hasIndependentMessagePool: z.boolean(),
  userOptIn: z.boolean(),
  maxMentorshipLimit: ZMessageTypeLimit,
  maxConnectLimit: ZMessageTypeLimit,
  maxMessages: ZMessageTypeLimit,
  maxOpenMentorships: ZMessageTypeLimit,
  mentorshipLength: z.string().trim().max(200),
  headlineText: z.string().trim().max(200),
  subText: z.string().trim().max(1000),
  videoLink: ZMessageTypeVideoLink,
  order: z.number().int().min(0).max(MESSAGE_TYPE_ORDER_MAX),
});

/** One message type of a user type, as the admin edits it. */
export type TUserTypeMessageTypeSetting = z.infer<typeof ZUserTypeMessageTypeSetting>;

/**
 * What a user type stores beside its messageTypes list (user_types.message_type_settings): every setting
 * but `enabled`, which stays in the list (with the recipient restriction) so one place decides it.
 */
export const ZStoredUserTypeMessageTypeSettings = z.partialRecord(
  z.enum(MESSAGE_TYPES),
  ZMessageTypeSettings.omit({ enabled: true }).partial(),
);

/** A user type's stored message type settings. */
export type TStoredUserTypeMessageTypeSettings = z.infer<typeof ZStoredUserTypeMessageTypeSettings>;

/**
 * Whether a user type may send a message type and to whom (spec 3 User type messageTypes). The stored list
 * holds `type` (any recipient) or `type:recipientUserTypeId` entries; an empty list leaves every type open
 * (no per-type restriction configured).
 */
export function userTypeMessageTypeAccess(
  entries: readonly string[],
  messageType: TMessageType,
): { enabled: boolean; recipientUserTypeIds: string[] } {
  if (entries.length === 0) return { enabled: true, recipientUserTypeIds: [] };
  const own = entries.filter((e) => e === messageType || e.startsWith(`${messageType}:`));
  if (own.length === 0) return { enabled: false, recipientUserTypeIds: [] };
  if (own.includes(messageType)) return { enabled: true, recipientUserTypeIds: [] };
  return { enabled: true, recipientUserTypeIds: own.map((e) => e.slice(messageType.length + 1)) };
}

/** The stored messageTypes list for the admin's choices (the inverse of userTypeMessageTypeAccess). */
export function userTypeMessageTypeEntries(
  settings: Partial<
    Record<TMessageType, Pick<TUserTypeMessageTypeSetting, 'enabled' | 'recipientUserTypeIds'>>
  >,
): string[] {
  const entries: string[] = [];
  for (const type of MESSAGE_TYPES) {
    const setting = settings[type];
    if (!setting?.enabled) continue;
    if (setting.recipientUserTypeIds.length === 0) entries.push(type);
    else for (const id of setting.recipientUserTypeIds) entries.push(`${type}:${id}`);
  }
  // Nothing enabled must stay "nothing": an empty list would mean every type.
  return entries.length === 0 ? ['none'] : entries;
}

/**
 * A member's effective message type settings (spec 3): the hub's (or program's base) settings with their user
 * type's stored values over them, value by value. `enabled` is never taken from the user type: the hub decides
 * whether a type exists, the user type's messageTypes list whether its members may send it (spec 6 Messaging).
 */
export function applyUserTypeMessageTypeSettings(
  base: Readonly<Record<TMessageType, TMessageTypeSettings>>,
  stored: unknown,
): Record<TMessageType, TMessageTypeSettings> {
  const parsed = ZStoredUserTypeMessageTypeSettings.safeParse(stored ?? {});
  const own = parsed.success ? parsed.data : {};
  const merged = { ...base };
  for (const type of MESSAGE_TYPES) {
    const values = Object.fromEntries(
      Object.entries(own[type] ?? {}).filter(([key, value]) => value !== undefined && key !== 'enabled'),
    );
    merged[type] = { ...base[type], ...values };
  }
  return merged;
}

/** A user type's message types as the admin edits them: the access list and stored values over the hub's. */
export function userTypeMessageTypeSettings(options: {
  hubSettings: Readonly<Record<TMessageType, TMessageTypeSettings>>;
  entries: readonly string[];
  stored: unknown;
}): Record<TMessageType, TUserTypeMessageTypeSetting> {
  const effective = applyUserTypeMessageTypeSettings(options.hubSettings, options.stored);
  const result = {} as Record<TMessageType, TUserTypeMessageTypeSetting>;
  for (const type of MESSAGE_TYPES) {
    const { enabled: _hubEnabled, ...values } = effective[type];
    result[type] = { ...values, ...userTypeMessageTypeAccess(options.entries, type) };
  }
  return result;
}

/** What a user type stores for the admin's settings: every value but enabled and the recipients. */
export function storedUserTypeMessageTypeSettings(
  settings: Readonly<Record<TMessageType, TUserTypeMessageTypeSetting>>,
): TStoredUserTypeMessageTypeSettings {
  const stored: TStoredUserTypeMessageTypeSettings = {};
  for (const type of MESSAGE_TYPES) {
    const { enabled: _enabled, recipientUserTypeIds: _recipients, ...values } = settings[type];
    stored[type] = values;
  }
  return stored;
}
