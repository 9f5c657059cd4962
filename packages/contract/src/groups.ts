/**
 * Groups, mentorship programs and organizations (issue #6): group settings exactly as spec 3, the
 * group page with its visible tabs and the viewer's membership and abilities, lists, joining and
 * leaving, members.
 */
import { GROUP_TABS, ZMessageTypesSettings } from '@commons/domain';
import { z } from 'zod';
import { ZOkResponse } from './auth.js';
import { ZCoverImageUrl } from './rich-text.js';
import { defineEndpoint } from './endpoint.js';
import {
  multiLineText,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  singleLineText,
  ZId,
  ZIsoDateTime,
} from './common.js';
import { webUrl } from './web-url.js';

/** spec 3 groupType. */
export const GROUP_TYPES = ['group', 'mentorshipProgram', 'organization'] as const;
export const ZGroupType = z.enum(GROUP_TYPES);
export type TGroupTypeName = z.infer<typeof ZGroupType>;

/** spec 6 Group roles. */
export const GROUP_ROLES = ['mentor', 'mentee', 'both', 'admin'] as const;
export const ZGroupRole = z.enum(GROUP_ROLES);
/** Roles a program member registers in. */
export const PROGRAM_ROLES = ['mentee', 'mentor', 'both'] as const;
export const ZProgramRole = z.enum(PROGRAM_ROLES);
export type TProgramRole = z.infer<typeof ZProgramRole>;

/**
 * How people join (issue #6 Joining): `open` joins at once, `request` waits for a group admin's
 * approval, `invite` only lets invited people in. Hidden groups (isHidden) are in no list and answer
 * 404 to everyone but their members, invitees and admins.
 */
export const JOIN_POLICIES = ['open', 'request', 'invite'] as const;
export const ZJoinPolicy = z.enum(JOIN_POLICIES);
export type TJoinPolicy = z.infer<typeof ZJoinPolicy>;

/** spec 5 Dates: a calendar day (YYYY-MM-DD) or a full ISO date-time. */
export const ZSettingDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** spec 3 timelines.applicationTimeFrame.{mentee|mentor}. */
export const ZApplicationTimeframe = z.object({
  start: ZSettingDate.nullable().default(null),
  end: ZSettingDate.nullable().default(null),
  noEndDate: z.boolean().default(false),
});

/** spec 3 visibleTabs item: a tab id with its visibility by group role and by hub user type. */
export const ZGroupTabSetting = z.object({
  id: z.enum(GROUP_TABS),
  visible: z.boolean().default(true),
  /** Group roles (mentor, mentee, both, admin) that see the tab; empty means every role. */
  visibleUserTypes: z.array(ZGroupRole).max(4).default([]),
  /** Hub user type ids that see the tab; empty means every user type. */
  visibleForUserTypes: z.array(ZId).max(50).default([]),
});

/** Ids of the customText aliases (spec 3 customText id, alias): the role names a program renames. */
export const CUSTOM_TEXT_IDS = ['mentor', 'mentors', 'mentee', 'mentees'] as const;

/** spec 3 Group settings, every field; the server validates every write with this schema. */
export const ZGroupSettings = z.object({
  timelines: z
    .object({
      applicationTimeFrame: z
        .object({
          mentee: ZApplicationTimeframe.nullable().default(null),
          mentor: ZApplicationTimeframe.nullable().default(null),
        })
        .default({ mentee: null, mentor: null }),
      favorite: z
        .object({ start: ZSettingDate.nullable().default(null), end: ZSettingDate.nullable().default(null) })
        .nullable()
        .default(null),
    })
    .default({ applicationTimeFrame: { mentee: null, mentor: null }, favorite: null }),
  pathwayTimelines: z
    .partialRecord(ZProgramRole, z.object({ completedBy: ZSettingDate.nullable() }))
    .default({}),
  visibleToUserType: z
    .array(z.object({ id: ZId, userType: z.string().max(200), isVisibleToGroup: z.boolean() }))
    .max(50)
    .default([]),
  visibleTabs: z.array(ZGroupTabSetting).max(GROUP_TABS.length).default([]),
  /** Tab order: listed tabs first in this order, the rest after in the default order. */
  visibleTabsKeys: z.array(z.enum(GROUP_TABS)).max(GROUP_TABS.length).default([]),
  messageTypes: ZMessageTypesSettings.default({}),
  /** Programs: members may register as both mentor and mentee. */
  allowBoth: z.boolean().default(false),
  customText: z
    .array(z.object({ id: z.enum(CUSTOM_TEXT_IDS), alias: z.string().trim().min(1).max(60) }))
    .max(CUSTOM_TEXT_IDS.length)
    .default([]),
  isCustomGroup: z.boolean().default(false),
  /**
   * An organisation's brand (spec 6 Organisation admins, branding-settings): its colour and logo on its page's
   * header. Written only through the organisation console's branding endpoint, which checks them as the hub's.
   */
  branding: z
    .object({
      brandColor: z.string().nullable().default(null),
      logoUrl: z.string().nullable().default(null),
    })
    .default({ brandColor: null, logoUrl: null }),
});
export type TGroupSettings = z.infer<typeof ZGroupSettings>;
export type TOrganizationBranding = TGroupSettings['branding'];
/**
 * Settings as sent by an editor: every field optional, defaults filled by the server; the texts an editor
 * types are single lines (ZGroupSettings itself stays as loose as the stored rows it reads). The brand is not
 * among them: it has its own checked endpoint.
 */
export const ZGroupSettingsInput = ZGroupSettings.omit({ branding: true })
  .partial()
  .extend({
    visibleToUserType: z
      .array(z.object({ id: ZId, userType: singleLineText().max(200), isVisibleToGroup: z.boolean() }))
      .max(50)
      .optional(),
    customText: z
      .array(z.object({ id: z.enum(CUSTOM_TEXT_IDS), alias: singleLineText().min(1).max(60) }))
      .max(CUSTOM_TEXT_IDS.length)
      .optional(),
  });
export type TGroupSettingsInput = z.input<typeof ZGroupSettings>;

/** Join window values and join results of spec 4. */
export const JOIN_WINDOWS = [
  'beforeBoth',
  'afterBoth',
  'menteeBefore',
  'menteeAfter',
  'mentorBefore',
  'mentorAfter',
  'allow',
] as const;
export const JOIN_RESULTS = [
  'beforeBoth',
  'afterBoth',
  'missedMenteeTimeline',
  'missedMentorTimeline',
  'allow',
] as const;
export const FAVORITING_WINDOWS = ['isBefore', 'isAfter', 'isBetween', 'allow'] as const;

/** The viewer's standing in a group (spec 3 Group membership of a user). */
export const MEMBERSHIP_STATUSES = ['admin', 'approved', 'pending', 'rejected', 'invited'] as const;
export const ZMembershipStatus = z.enum(MEMBERSHIP_STATUSES);

export const ZGroupMembership = z.object({
  status: ZMembershipStatus,
  /** spec 3 userRole: mentor, mentee, both or admin; null for a plain group member. */
  role: ZGroupRole.nullable(),
  isAdmin: z.boolean(),
  isViewOnlyAdmin: z.boolean(),
  approved: z.boolean().nullable(),
  importStatus: z.enum(['joined', 'imported']),
  completedRegistrationDate: ZIsoDateTime.nullable(),
  userJoinedAt: ZIsoDateTime.nullable(),
  /** spec 4: allow for a member in good standing, continueRegistration for an unregistered import. */
  access: z.enum(['allow', 'continueRegistration', 'deny']),
});
export type TGroupMembership = z.infer<typeof ZGroupMembership>;

/** What the viewer may do (presenter abilities; the web app reads these instead of re-deriving them). */
export const ZGroupAbilities = z.object({
  /** Join an open group at once. */
  join: z.boolean(),
  /** Ask a group admin to let them in. */
  requestToJoin: z.boolean(),
  /** Register in a program through /programs/onboarding. */
  register: z.boolean(),
  /** Finish the registration of an imported membership (continueRegistration). */
  continueRegistration: z.boolean(),
  leave: z.boolean(),
  /** See discussion, resources, events, feed and members (spec 4 good standing, spec 6 admins). */
  viewContent: z.boolean(),
  /** Edit, delete and pin group content (spec 6; not view-only admins). */
  moderate: z.boolean(),
  /** Open /manage-group or /manage-program (the admin tab). */
  manage: z.boolean(),
  /** See pending and invited members (admins, view-only admins included). */
  viewAdminData: z.boolean(),
  inviteMembers: z.boolean(),
  exportMembers: z.boolean(),
  sendCommunications: z.boolean(),
  favorite: z.boolean(),
  requestMentorship: z.boolean(),
});
export type TGroupAbilities = z.infer<typeof ZGroupAbilities>;

export const ZRoleLabels = z.object({
  mentor: z.string(),
  mentors: z.string(),
  mentee: z.string(),
  mentees: z.string(),
});
export type TRoleLabels = z.infer<typeof ZRoleLabels>;

/** A group in a list. */
export const ZGroupSummary = z.object({
  id: ZId,
  identifier: z.string(),
  name: z.string(),
  groupType: ZGroupType,
  description: z.string(),
  joinPolicy: ZJoinPolicy,
  isHidden: z.boolean(),
  /** A preset or uploaded cover (issue #16 item 18); null when the group has none. */
  coverImageUrl: z.string().nullable(),
  memberCount: z.number().int().min(0),
  membershipStatus: ZMembershipStatus.nullable(),
});
export type TGroupSummary = z.infer<typeof ZGroupSummary>;

/** The group page (GET /api/groups/{identifier}). */
export const ZGroupDetail = ZGroupSummary.extend({
  hub: z.object({ id: ZId, identifier: z.string(), name: z.string() }),
  about: z.string(),
  /** Tabs shown to this viewer, in order (spec 2, spec 6 Group tabs). */
  tabs: z.array(z.enum(GROUP_TABS)),
  membership: ZGroupMembership.nullable(),
  roleLabels: ZRoleLabels,
  /** Programs: where today falls in the application windows (spec 4, the viewer's time zone). */
  joinWindow: z.enum(JOIN_WINDOWS).nullable(),
  /** Programs: roles the viewer may choose now; empty when the role is fixed or every window is closed. */
  selectableRoles: z.array(ZProgramRole),
  /** Programs: the role given by an invitation, which the member cannot change. */
  fixedRole: ZProgramRole.nullable(),
  /** Programs: the spec 8 message when joining is blocked for this viewer, else null. */
  joinBlockedMessage: z.string().nullable(),
  favoritingWindow: z.enum(FAVORITING_WINDOWS).nullable(),
  mentorCount: z.number().int().min(0),
  menteeCount: z.number().int().min(0),
  /** Settings as members need them (timelines, pathway deadlines, allowBoth, aliases); full settings for admins. */
  settings: ZGroupSettings,
  can: ZGroupAbilities,
  createdAt: ZIsoDateTime,
});
export type TGroupDetail = z.infer<typeof ZGroupDetail>;
export const ZGroupResponse = z.object({ group: ZGroupDetail });
export type TGroupResponse = z.infer<typeof ZGroupResponse>;

export const ZGroupParams = z.object({ identifier: z.string().trim().min(1).max(120) });

const ZBooleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** GET /api/groups: the hub's groups of one type, searched, optionally only mine. */
export const ZGroupListQuery = z.object({
  type: ZGroupType.default('group'),
  q: z.string().trim().max(200).optional(),
  mine: ZBooleanQuery.default(false),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type TGroupListQuery = z.infer<typeof ZGroupListQuery>;
export const ZGroupListResponse = z.object({
  items: z.array(ZGroupSummary),
  nextCursor: z.string().nullable(),
  /** The viewer may create groups of this type (hub admins with the groups or programs right). */
  canCreate: z.boolean(),
});
export type TGroupListResponse = z.infer<typeof ZGroupListResponse>;

/** POST /api/groups (hub admins with the groups right; programs right for mentorship programs). */
export const ZCreateGroupRequest = z.object({
  groupType: ZGroupType,
  name: singleLineText().min(2).max(120),
  description: multiLineText().max(300).default(''),
  about: multiLineText().max(10_000).default(''),
  joinPolicy: ZJoinPolicy.default('open'),
  isHidden: z.boolean().default(false),
  coverImageUrl: ZCoverImageUrl.nullable().default(null),
  settings: ZGroupSettingsInput.default({}),
});
export type TCreateGroupRequest = z.input<typeof ZCreateGroupRequest>;

/** PATCH /api/groups/{identifier}: about, policy and settings (group admins, hub admins with the right). */
export const ZUpdateGroupRequest = z.object({
  name: singleLineText().min(2).max(120).optional(),
  description: multiLineText().max(300).optional(),
  about: multiLineText().max(10_000).optional(),
  joinPolicy: ZJoinPolicy.optional(),
  isHidden: z.boolean().optional(),
  /** null removes the cover. */
  coverImageUrl: ZCoverImageUrl.nullable().optional(),
  settings: ZGroupSettingsInput.optional(),
});
export type TUpdateGroupRequest = z.input<typeof ZUpdateGroupRequest>;

/** A registration answer value (spec 5 Program question fields). */
export const ZProgramAnswerValue = z.union([
  z.string().max(2000),
  z.array(z.string().max(200)).max(50),
  z.boolean(),
]);
export type TProgramAnswerValue = z.infer<typeof ZProgramAnswerValue>;
/** A registration answer as a member sends it: text may span lines, chosen options are single lines. */
export const ZProgramAnswerInput = z.union([
  multiLineText({ isTrimmed: false }).max(2000),
  z.array(singleLineText().max(200)).max(50),
  z.boolean(),
]);

/** POST /api/groups/{identifier}/join. */
export const ZJoinGroupRequest = z.object({
  role: ZProgramRole.optional(),
  /** Registration answers by question id. */
  answers: z.record(z.string().uuid(), ZProgramAnswerInput).default({}),
});
export type TJoinGroupRequest = z.input<typeof ZJoinGroupRequest>;
export const ZJoinGroupResponse = z.object({
  /** spec 4 join result status (allow when the join went through). */
  result: z.enum(JOIN_RESULTS),
  /** joined at once, or waiting for a group admin's approval. */
  status: z.enum(['approved', 'pending']),
  group: ZGroupDetail,
});
export type TJoinGroupResponse = z.infer<typeof ZJoinGroupResponse>;

export const ZGroupMemberUser = z.object({
  id: ZId,
  identifier: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  photoUrl: z.string().nullable(),
  headline: z.string().nullable(),
});

/** One member of a group. */
export const ZGroupMember = z.object({
  user: ZGroupMemberUser,
  status: ZMembershipStatus,
  role: ZGroupRole.nullable(),
  isAdmin: z.boolean(),
  isViewOnlyAdmin: z.boolean(),
  importStatus: z.enum(['joined', 'imported']),
  completedRegistrationDate: ZIsoDateTime.nullable(),
  userJoinedAt: ZIsoDateTime.nullable(),
  /** Registration answers, for admins only. */
  answers: z.record(z.string(), ZProgramAnswerValue).nullable(),
});
export type TGroupMember = z.infer<typeof ZGroupMember>;

/** GET /api/groups/{identifier}/members. `status` other than approved is for admins. */
export const ZGroupMembersQuery = z.object({
  role: z.enum(['mentor', 'mentee', 'both', 'admin']).optional(),
  status: z.enum(['approved', 'pending', 'invited', 'rejected']).default('approved'),
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type TGroupMembersQuery = z.input<typeof ZGroupMembersQuery>;
export const ZGroupMembersResponse = z.object({
  items: z.array(ZGroupMember),
  nextCursor: z.string().nullable(),
});
export type TGroupMembersResponse = z.infer<typeof ZGroupMembersResponse>;

/** Program registration question types (spec 3 Profile question types, spec 5 Program question fields). */
export const PROGRAM_QUESTION_TYPES = ['text', 'list', 'video', 'switch'] as const;
export const ZProgramQuestionType = z.enum(PROGRAM_QUESTION_TYPES);

const ZQuestionTexts = z.object({
  name: z.string(),
  description: z.string().optional(),
  placeholder: z.string().optional(),
});
const ZQuestionTextsInput = z.object({
  name: singleLineText().min(1).max(300),
  description: multiLineText().max(1000).optional(),
  placeholder: singleLineText().max(200).optional(),
});

/** A program registration question as an admin writes it (spec 3 Profile question: texts per audience). */
export const ZProgramQuestionInput = z.object({
  questionType: ZProgramQuestionType,
  audience: z.enum(['mentee', 'mentor', 'both']).default('both'),
  texts: z
    .partialRecord(z.enum(['mentee', 'mentor', 'both']), ZQuestionTextsInput)
    .refine((t) => Object.keys(t).length > 0, { message: 'Give the question a name' }),
  options: z.array(singleLineText().min(1).max(200)).max(50).default([]),
  allowsMultiple: z.boolean().default(false),
  isRequired: z.boolean().default(false),
  /** A video to watch before acknowledging (video questions), under the spec 5 URL rule like every other link. */
  videoUrl: webUrl().nullable().default(null),
  /** Weight of this question in auto-matching: 0 ignores it, 5 counts most. */
  matchingWeight: z.number().int().min(0).max(5).default(0),
  /** Position in the form; new questions go last when it is left out. */
  order: z.number().int().min(0).max(1000).optional(),
});
export type TProgramQuestionInput = z.input<typeof ZProgramQuestionInput>;

/** A question as the registration form renders it for one role (spec 5 Program question fields). */
export const ZProgramQuestion = z.object({
  id: ZId,
  questionType: ZProgramQuestionType,
  audience: z.enum(['mentee', 'mentor', 'both']),
  /** Texts per audience as written, for editors and to show the text of the reader's role. */
  texts: z.partialRecord(z.enum(['mentee', 'mentor', 'both']), ZQuestionTexts),
  options: z.array(z.string()),
  allowsMultiple: z.boolean(),
  isRequired: z.boolean(),
  videoUrl: z.string().nullable(),
  matchingWeight: z.number().int(),
  order: z.number().int(),
});
export type TProgramQuestion = z.infer<typeof ZProgramQuestion>;
export const ZProgramQuestionsResponse = z.object({ items: z.array(ZProgramQuestion) });
export const ZProgramQuestionResponse = z.object({ question: ZProgramQuestion });
export const ZQuestionItemParams = ZGroupParams.extend({ questionId: z.string().uuid() });

export const ZMemberParams = ZGroupParams.extend({ userId: z.string().uuid() });

/** PATCH /api/groups/{identifier}/members/{userId}: role, admin and view-only admin (spec 6 Group roles). */
export const ZUpdateMemberRequest = z
  .object({
    role: ZProgramRole.nullable().optional(),
    isAdmin: z.boolean().optional(),
    /** A view-only admin sees the admin data but cannot edit, delete or pin (spec 6); implies isAdmin. */
    isViewOnlyAdmin: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' });
export type TUpdateMemberRequest = z.infer<typeof ZUpdateMemberRequest>;
export const ZGroupMemberResponse = z.object({ member: ZGroupMember });

/** A mentee and mentor pair an admin fixes or rules out. */
export const ZPairOverride = z.object({ menteeId: z.string().uuid(), mentorId: z.string().uuid() });
export type TPairOverride = z.infer<typeof ZPairOverride>;

/** POST …/matching/preview and …/publish: manual overrides applied before the stable matching. */
export const ZMatchingRequest = z.object({
  forcedPairs: z.array(ZPairOverride).max(500).default([]),
  forbiddenPairs: z.array(ZPairOverride).max(2000).default([]),
});
export type TMatchingRequest = z.input<typeof ZMatchingRequest>;

/** One proposed pair with its score (0–100) and why. */
export const ZMatchProposal = z.object({
  mentee: ZGroupMemberUser,
  mentor: ZGroupMemberUser,
  score: z.number().int().min(0).max(100),
  reasons: z.array(z.string()),
  isForced: z.boolean(),
  /** The mentor's place in the mentee's preferences (1 = first choice); null for a fixed pair. */
  menteeChoice: z.number().int().min(1).nullable(),
});
export type TMatchProposal = z.infer<typeof ZMatchProposal>;

export const ZMatchingPreviewResponse = z.object({
  pairs: z.array(ZMatchProposal),
  unmatched: z.array(z.object({ mentee: ZGroupMemberUser, reason: z.string() })),
  /** Overrides that could not be applied, and why. */
  issues: z.array(
    z.object({ menteeId: ZId, mentorId: ZId, kind: z.enum(['forced', 'forbidden']), reason: z.string() }),
  ),
  /** Mentors with their room left (null when unlimited). */
  mentors: z.array(
    z.object({
      user: ZGroupMemberUser,
      capacity: z.number().int().min(0).nullable(),
      activeCount: z.number().int().min(0),
    }),
  ),
  /** Mentees already matched earlier, left out of this round. */
  alreadyMatchedCount: z.number().int().min(0),
});
export type TMatchingPreviewResponse = z.infer<typeof ZMatchingPreviewResponse>;

export const ZMatchingPublishResponse = z.object({
  /** Pairs written now, each with the mentorship thread it opened. */
  created: z.array(z.object({ menteeId: ZId, mentorId: ZId, threadId: ZId })),
  /** Pairs that were already matched (publishing again changes nothing). */
  skippedCount: z.number().int().min(0),
});
export type TMatchingPublishResponse = z.infer<typeof ZMatchingPublishResponse>;

/** A match of the viewer in a program: who, in which role, and the mentorship thread. */
export const ZMyMatch = z.object({
  role: z.enum(['mentor', 'mentee']),
  otherUser: ZGroupMemberUser,
  threadId: ZId.nullable(),
  score: z.number().int(),
  reasons: z.array(z.string()),
  createdAt: ZIsoDateTime,
});
export type TMyMatch = z.infer<typeof ZMyMatch>;
export const ZMyMatchesResponse = z.object({ items: z.array(ZMyMatch) });

/** GET …/mentors: mentors of the program, filtered by their answers (question id → wanted value). */
export const ZProgramMentorsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  /** JSON object of question id → option (spec 7: objects are sent as JSON). */
  answers: z
    .string()
    .max(4000)
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return {};
      try {
        const parsed = z
          .record(z.string().uuid(), z.union([z.string().max(200), z.boolean()]))
          .safeParse(JSON.parse(raw));
        if (parsed.success) return parsed.data;
      } catch {
        // falls through to the issue below
      }
      ctx.addIssue({ code: 'custom', message: 'answers must be a JSON object of question id to value' });
      return z.NEVER;
    }),
  favoritesOnly: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .default(false),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type TProgramMentorsQuery = z.input<typeof ZProgramMentorsQuery>;

export const ZProgramMentor = z.object({
  user: ZGroupMemberUser,
  role: ZProgramRole,
  /** The mentor's answers to the program's list and yes/no questions. */
  answers: z.record(z.string(), ZProgramAnswerValue),
  isFavorite: z.boolean(),
});
export type TProgramMentor = z.infer<typeof ZProgramMentor>;
export const ZProgramMentorsResponse = z.object({
  items: z.array(ZProgramMentor),
  nextCursor: z.string().nullable(),
  favoritingWindow: z.enum(FAVORITING_WINDOWS),
  /** The spec 8 message while favouriting is closed, else null. */
  favoritingMessage: z.string().nullable(),
});
export type TProgramMentorsResponse = z.infer<typeof ZProgramMentorsResponse>;
export const ZFavoriteParams = ZGroupParams.extend({ userId: z.string().uuid() });
export const ZFavoriteResponse = z.object({ isFavorite: z.boolean() });

/** A stalled mentorship: accepted, still open, no message for STALLED_DAYS days. */
export const ZStalledMentorship = z.object({
  threadId: ZId,
  mentee: ZGroupMemberUser,
  mentor: ZGroupMemberUser,
  lastMessageAt: ZIsoDateTime,
  lastNudgedAt: ZIsoDateTime.nullable(),
});
export type TStalledMentorship = z.infer<typeof ZStalledMentorship>;

/** Days without a message after which a mentorship counts as stalled (issue #6 program health). */
export const STALLED_DAYS = 21;
/** Days before the same mentorship may be nudged again. */
export const NUDGE_INTERVAL_DAYS = 7;

export const ZProgramHealthResponse = z.object({
  matchCount: z.number().int().min(0),
  activeMentorshipCount: z.number().int().min(0),
  openRequestCount: z.number().int().min(0),
  stalledCount: z.number().int().min(0),
  stalled: z.array(ZStalledMentorship),
  mentorCount: z.number().int().min(0),
  menteeCount: z.number().int().min(0),
  unmatchedMenteeCount: z.number().int().min(0),
});
export type TProgramHealthResponse = z.infer<typeof ZProgramHealthResponse>;

/** POST …/health/nudge: mail the participants of the given stalled mentorships (all stalled ones when empty). */
export const ZNudgeRequest = z.object({ threadIds: z.array(z.string().uuid()).max(500).default([]) });
export type TNudgeRequest = z.input<typeof ZNudgeRequest>;
export const ZNudgeResponse = z.object({
  nudgedCount: z.number().int().min(0),
  skippedCount: z.number().int().min(0),
});
export type TNudgeResponse = z.infer<typeof ZNudgeResponse>;

/** Rows a CSV invite may hold. */
export const CSV_INVITE_MAX_ROWS = 1000;

/** POST …/invitations/csv: a CSV with an email column (or one email per line); dryRun reports without writing. */
export const ZCsvInviteRequest = z.object({
  csv: z.string().min(1, 'Please choose a CSV file.').max(200_000, 'The file is too large (200 kB at most).'),
  /** Programs: the role the invitation fixes (spec 4 fixed role). */
  role: ZProgramRole.nullable().default(null),
  dryRun: z.boolean().default(true),
});
export type TCsvInviteRequest = z.input<typeof ZCsvInviteRequest>;
export const ZCsvInviteRow = z.object({
  /** Line number in the file (1 is the first line, the header when there is one). */
  row: z.number().int().min(1),
  email: z.string(),
  status: z.enum(['invite', 'error']),
  /** Why the row fails; null for a row that is (or would be) invited. */
  reason: z.string().nullable(),
});
export type TCsvInviteRow = z.infer<typeof ZCsvInviteRow>;
export const ZCsvInviteResponse = z.object({
  dryRun: z.boolean(),
  rows: z.array(ZCsvInviteRow),
  invitedCount: z.number().int().min(0),
  errorCount: z.number().int().min(0),
});
export type TCsvInviteResponse = z.infer<typeof ZCsvInviteResponse>;

/** Announcements an organization may send per day (issue #6 Organizations: rate limited). */
export const ANNOUNCEMENTS_PER_DAY = 3;

export const ZGroupAnnouncementRequest = z.object({
  subject: singleLineText()
    .min(1, 'Please write a subject.')
    .max(200, 'The subject is too long (200 characters at most).'),
  body: multiLineText()
    .min(1, 'Please write a message.')
    .max(20_000, 'The message is too long (20,000 characters at most).'),
});
export type TGroupAnnouncementRequest = z.input<typeof ZGroupAnnouncementRequest>;
export const ZGroupAnnouncement = z.object({
  id: ZId,
  subject: z.string(),
  body: z.string(),
  recipientCount: z.number().int().min(0),
  sentBy: z.string().nullable(),
  createdAt: ZIsoDateTime,
});
export type TGroupAnnouncement = z.infer<typeof ZGroupAnnouncement>;
export const ZGroupAnnouncementsResponse = z.object({
  items: z.array(ZGroupAnnouncement),
  /** Members who would get an announcement now (approved, not unsubscribed). */
  recipientCount: z.number().int().min(0),
  remainingToday: z.number().int().min(0),
  canSend: z.boolean(),
});
export type TGroupAnnouncementsResponse = z.infer<typeof ZGroupAnnouncementsResponse>;
export const ZGroupAnnouncementResponse = z.object({ announcement: ZGroupAnnouncement });
export const ZGroupUnsubscribeRequest = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{91}$/, 'This unsubscribe link is not valid.'),
});
export const ZGroupUnsubscribeResponse = z.object({ isUnsubscribed: z.literal(true) });

/** Errors of a group endpoint: validation, sign-in, rights, a missing or hidden group, a state conflict. */
const GROUP_ERRORS = [400, 401, 403, 404, 409] as const;
/** The group a request names comes from the path; the x-hub-id header, when sent, only narrows it. */
const inGroup = { auth: 'required', hub: 'optional', errors: GROUP_ERRORS } as const;

/** Groups, programs and organizations (issue #6): lists, the group page, joining and leaving, members. */
export const GROUP_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/groups',
    operationId: 'listGroups',
    summary:
      'Groups, programs or organizations of the hub, searched, optionally only mine (hidden ones only for their members)',
    tag: 'groups',
    query: ZGroupListQuery,
    response: ZGroupListResponse,
    errors: GROUP_ERRORS,
    auth: 'required',
    hub: 'required',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/groups',
    operationId: 'createGroup',
    summary: 'Create a group, program or organization in the hub (groups right; programs right for programs)',
    tag: 'groups',
    body: ZCreateGroupRequest,
    response: ZGroupResponse,
    status: 201,
    errors: GROUP_ERRORS,
    auth: 'required',
    hub: 'required',
  }),
  get: defineEndpoint({
    ...inGroup,
    method: 'GET',
    path: '/api/groups/:identifier',
    operationId: 'getGroup',
    summary:
      'A group with the tabs visible to the viewer, the viewer’s membership, the join window and abilities',
    tag: 'groups',
    params: ZGroupParams,
    response: ZGroupResponse,
  }),
  update: defineEndpoint({
    ...inGroup,
    method: 'PATCH',
    path: '/api/groups/:identifier',
    operationId: 'updateGroup',
    summary:
      'Edit about, join policy, visibility and settings (group admins, hub admins with the right; not view-only admins)',
    tag: 'groups',
    params: ZGroupParams,
    body: ZUpdateGroupRequest,
    response: ZGroupResponse,
  }),
  join: defineEndpoint({
    ...inGroup,
    method: 'POST',
    path: '/api/groups/:identifier/join',
    operationId: 'joinGroup',
    summary:
      'Join a group, ask to join, accept an invitation or register in a program (spec 4 join windows, spec 5 questions)',
    tag: 'groups',
    params: ZGroupParams,
    body: ZJoinGroupRequest,
    response: ZJoinGroupResponse,
  }),
  leave: defineEndpoint({
    ...inGroup,
    method: 'POST',
    path: '/api/groups/:identifier/leave',
    operationId: 'leaveGroup',
    summary: 'Leave a group, withdraw a request or decline an invitation',
    tag: 'groups',
    params: ZGroupParams,
    response: ZGroupResponse,
  }),
  members: defineEndpoint({
    ...inGroup,
    method: 'GET',
    path: '/api/groups/:identifier/members',
    operationId: 'listGroupMembers',
    summary: 'Members of a group by role; pending, invited and rejected members for its admins',
    tag: 'groups',
    params: ZGroupParams,
    query: ZGroupMembersQuery,
    response: ZGroupMembersResponse,
  }),
  questions: defineEndpoint({
    ...inGroup,
    method: 'GET',
    path: '/api/groups/:identifier/questions',
    operationId: 'listGroupQuestions',
    summary: 'Registration questions of a program (spec 5 Program question fields)',
    tag: 'groups',
    params: ZGroupParams,
    response: ZProgramQuestionsResponse,
  }),
};

/** Group administration (issue #6 Group admin): members and registration questions. */
export const GROUP_ADMIN_ENDPOINTS = {
  approveMember: defineEndpoint({
    ...inGroup,
    method: 'POST',
    path: '/api/groups/:identifier/members/:userId/approve',
    operationId: 'approveGroupMember',
    summary: 'Approve a request to join (mails the member)',
    tag: 'group-admin',
    params: ZMemberParams,
    response: ZOkResponse,
  }),
  rejectMember: defineEndpoint({
    ...inGroup,
    method: 'POST',
    path: '/api/groups/:identifier/members/:userId/reject',
    operationId: 'rejectGroupMember',
    summary: 'Decline a request to join (mails the member)',
    tag: 'group-admin',
    params: ZMemberParams,
    response: ZOkResponse,
  }),
  updateMember: defineEndpoint({
    ...inGroup,
    method: 'PATCH',
    path: '/api/groups/:identifier/members/:userId',
    operationId: 'updateGroupMember',
    summary: 'Set a member’s program role, admin or view-only admin flag',
    tag: 'group-admin',
    params: ZMemberParams,
    body: ZUpdateMemberRequest,
    response: ZGroupMemberResponse,
  }),
  removeMember: defineEndpoint({
    ...inGroup,
    method: 'DELETE',
    path: '/api/groups/:identifier/members/:userId',
    operationId: 'removeGroupMember',
    summary: 'Remove a member, a request or an invitation',
    tag: 'group-admin',
    params: ZMemberParams,
    response: ZOkResponse,
  }),
  createQuestion: defineEndpoint({
    ...inGroup,
    method: 'POST',
    path: '/api/groups/:identifier/questions',
    operationId: 'createGroupQuestion',
    summary: 'Add a registration question to a program',
    tag: 'group-admin',
    params: ZGroupParams,
    body: ZProgramQuestionInput,
    response: ZProgramQuestionResponse,
    status: 201,
  }),
  updateQuestion: defineEndpoint({
    ...inGroup,
    method: 'PUT',
    path: '/api/groups/:identifier/questions/:questionId',
    operationId: 'updateGroupQuestion',
    summary: 'Change a registration question',
    tag: 'group-admin',
    params: ZQuestionItemParams,
    body: ZProgramQuestionInput,
    response: ZProgramQuestionResponse,
  }),
  deleteQuestion: defineEndpoint({
    ...inGroup,
    method: 'DELETE',
    path: '/api/groups/:identifier/questions/:questionId',
    operationId: 'deleteGroupQuestion',
    summary: 'Retire a registration question',
    tag: 'group-admin',
    params: ZQuestionItemParams,
    response: ZOkResponse,
  }),
};

/** Program matching, mentors and favourites, health (issue #6 Mentorship matching, Group admin). */
export const PROGRAM_ENDPOINTS = {
  matchingPreview: defineEndpoint({
    ...inGroup,
    method: 'POST',
    path: '/api/programs/:identifier/matching/preview',
    operationId: 'previewProgramMatching',
    summary:
      'Propose mentorship matches (stable, mentee-proposing, with mentor capacities) with scores and reasons; writes nothing',
    tag: 'programs',
    params: ZGroupParams,
    body: ZMatchingRequest,
    response: ZMatchingPreviewResponse,
  }),
  matchingPublish: defineEndpoint({
    ...inGroup,
    method: 'POST',
    path: '/api/programs/:identifier/matching/publish',
    operationId: 'publishProgramMatching',
    summary:
      'Publish the proposed matches: one match and one mentorship thread per new pair, in one transaction (pairs already matched are skipped)',
    tag: 'programs',
    params: ZGroupParams,
    body: ZMatchingRequest,
    response: ZMatchingPublishResponse,
  }),
  myMatches: defineEndpoint({
    ...inGroup,
    method: 'GET',
    path: '/api/programs/:identifier/matches/mine',
    operationId: 'listMyProgramMatches',
    summary: 'The viewer’s matches in the program, with their mentorship threads',
    tag: 'programs',
    params: ZGroupParams,
    response: ZMyMatchesResponse,
  }),
  mentors: defineEndpoint({
    ...inGroup,
    method: 'GET',
    path: '/api/programs/:identifier/mentors',
    operationId: 'listProgramMentors',
    summary:
      'Mentors of the program, filtered by their answers, with the viewer’s favourites and the favouriting window',
    tag: 'programs',
    params: ZGroupParams,
    query: ZProgramMentorsQuery,
    response: ZProgramMentorsResponse,
  }),
  favorite: defineEndpoint({
    ...inGroup,
    method: 'PUT',
    path: '/api/programs/:identifier/favorites/:userId',
    operationId: 'favoriteProgramMentor',
    summary: 'Favourite a mentor (mentees, inside the favouriting window)',
    tag: 'programs',
    params: ZFavoriteParams,
    response: ZFavoriteResponse,
  }),
  unfavorite: defineEndpoint({
    ...inGroup,
    method: 'DELETE',
    path: '/api/programs/:identifier/favorites/:userId',
    operationId: 'unfavoriteProgramMentor',
    summary: 'Remove a mentor from the favourites (inside the favouriting window)',
    tag: 'programs',
    params: ZFavoriteParams,
    response: ZFavoriteResponse,
  }),
  health: defineEndpoint({
    ...inGroup,
    method: 'GET',
    path: '/api/programs/:identifier/health',
    operationId: 'getProgramHealth',
    summary:
      'Program health: matches, active mentorships, open requests and stalled mentorships (no message for 21 days)',
    tag: 'programs',
    params: ZGroupParams,
    response: ZProgramHealthResponse,
  }),
  nudge: defineEndpoint({
    ...inGroup,
    method: 'POST',
    path: '/api/programs/:identifier/health/nudge',
    operationId: 'nudgeProgramMentorships',
    summary: 'Mail a nudge to both members of stalled mentorships (once a week per mentorship)',
    tag: 'programs',
    params: ZGroupParams,
    body: ZNudgeRequest,
    response: ZNudgeResponse,
  }),
};

/** Errors of the member and announcement tools: those of a group, and 429 when a daily limit is reached. */
const GROUP_TOOL_ERRORS = [...GROUP_ERRORS, 429] as const;

/** Member CSV import and export, and organization announcements (issue #6 Group admin, Organizations). */
export const GROUP_TOOL_ENDPOINTS = {
  inviteCsv: defineEndpoint({
    ...inGroup,
    method: 'POST',
    path: '/api/groups/:identifier/invitations/csv',
    operationId: 'inviteGroupMembersByCsv',
    summary:
      'Invite members from a CSV of emails: a dry run reports each row that would fail and why; otherwise the valid rows are invited',
    tag: 'group-admin',
    params: ZGroupParams,
    body: ZCsvInviteRequest,
    response: ZCsvInviteResponse,
    errors: GROUP_TOOL_ERRORS,
  }),
  exportCsv: defineEndpoint({
    ...inGroup,
    method: 'GET',
    path: '/api/groups/:identifier/members/export',
    operationId: 'exportGroupMembersCsv',
    summary: 'Export the members as CSV (status, role, admin flags, dates, registration answers)',
    tag: 'group-admin',
    params: ZGroupParams,
    response: null,
    produces: ['text/csv'],
    errors: GROUP_TOOL_ERRORS,
  }),
  announcements: defineEndpoint({
    ...inGroup,
    method: 'GET',
    path: '/api/groups/:identifier/announcements',
    operationId: 'listGroupAnnouncements',
    summary: 'Announcements of an organization, who would get one now and how many may still go out today',
    tag: 'group-admin',
    params: ZGroupParams,
    response: ZGroupAnnouncementsResponse,
    errors: GROUP_TOOL_ERRORS,
  }),
  sendAnnouncement: defineEndpoint({
    ...inGroup,
    method: 'POST',
    path: '/api/groups/:identifier/announcements',
    operationId: 'sendGroupAnnouncement',
    summary:
      'Send an announcement email to the organization’s members (queued, rate limited, unsubscribed members left out)',
    tag: 'group-admin',
    params: ZGroupParams,
    body: ZGroupAnnouncementRequest,
    response: ZGroupAnnouncementResponse,
    status: 201,
    errors: GROUP_TOOL_ERRORS,
  }),
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: '/api/group-announcements/unsubscribe',
    operationId: 'unsubscribeGroupAnnouncements',
    summary: 'Stop announcements of one group for the member an unsubscribe link names (no sign-in needed)',
    tag: 'group-admin',
    body: ZGroupUnsubscribeRequest,
    response: ZGroupUnsubscribeResponse,
    errors: GROUP_TOOL_ERRORS,
    auth: 'public',
    hub: 'none',
  }),
};
