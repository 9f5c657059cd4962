import type {
  TComposeMessageType,
  TMentorship,
  TMessage,
  TMessageAttachment,
  TOutreachTemplateSet,
  TThread,
} from '@commons/contract';
import {
  isMessageType,
  MESSAGE_TYPE_LABELS,
  meetingInThreadRefusal,
  OUTREACH_TEMPLATES,
  type TMessageType,
  type TMessageTypeSettings,
  type TOutreachTemplate,
} from '@commons/domain';
import type { outreachTemplates } from '../../db/schema/index.js';
import { autoCloseAt, type TMentorshipLength } from './inbox.mentorship-length.js';
import { isClosedFor, threadAbilities, type TThreadView } from './inbox.policy.js';
import type {
  TAttachmentRow,
  TMentorshipRow,
  TMessageRow,
  TMessageWithFiles,
  TOtherUser,
  TThreadListRow,
} from './inbox.queries.js';

type TOutreachTemplateRow = typeof outreachTemplates.$inferSelect;

/** The participant's view of a thread row, as the read-only rule and abilities need it. */
export function threadView(row: TThreadListRow, viewerId: string): TThreadView {
  return {
    thread: row.thread,
    viewerId,
    isArchived: row.participant.archivedAt !== null,
    isOtherUserDeleted: row.other.deleteRequestedAt !== null,
  };
}

/** A message type the viewer may send, as compose and the contact actions show it. */
export function presentComposeOption(option: {
  type: TMessageType;
  settings: TMessageTypeSettings;
  unavailableReason: string | null;
}): TComposeMessageType {
  return {
    type: option.type,
    label: MESSAGE_TYPE_LABELS[option.type],
    headlineText: option.settings.headlineText,
    subText: option.settings.subText,
    mentorshipLength: option.settings.mentorshipLength,
    videoLink: option.settings.videoLink,
    unavailableReason: option.unavailableReason,
  };
}

/** The other participant as the inbox shows them. */
export function presentOtherUser(other: TOtherUser): TThread['otherUser'] {
  return {
    id: other.id,
    identifier: other.identifier,
    fullName: `${other.firstName} ${other.lastName}`.trim(),
    firstName: other.firstName,
    photoUrl: other.photoUrl,
    isDeleted: other.deleteRequestedAt !== null,
  };
}

/** A thread for the viewer, with its read-only state and the viewer's abilities. */
export function presentThread(row: TThreadListRow, viewerId: string): TThread {
  const view = threadView(row, viewerId);
  const { thread, participant } = row;
  return {
    id: thread.id,
    hubId: String(thread.hubId),
    groupId: thread.groupId,
    messageType: isMessageType(thread.messageType) ? thread.messageType : 'message',
    status: thread.status,
    mentorshipStatus: thread.mentorshipStatus,
    isRequester: thread.fromUserId === viewerId,
    otherUser: presentOtherUser(row.other),
    lastMessage: thread.lastMessagePreview
      ? {
          preview: thread.lastMessagePreview,
          fromUserId: thread.lastMessageFromUserId,
          createdAt: thread.lastMessageAt.toISOString(),
        }
      : null,
    unreadCount: participant.unreadCount,
    isArchived: view.isArchived,
    isClosed: isClosedFor(view),
    createdAt: thread.createdAt.toISOString(),
    lastMessageAt: participant.lastMessageAt.toISOString(),
    can: threadAbilities(view),
    meetingUnavailableReason: meetingInThreadRefusal(view.thread),
  };
}

/** An attachment; its URL answers only the thread's participants (with the bearer token). */
export function presentAttachment(row: TAttachmentRow): TMessageAttachment {
  return {
    id: row.id,
    name: row.originalName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    url: `/api/inbox/attachments/${row.id}`,
  };
}

/** A message for the viewer, with its attachments. */
export function presentMessage(
  row: TMessageRow,
  viewerId: string,
  attachments: readonly TAttachmentRow[] = [],
): TMessage {
  return {
    id: row.id,
    threadId: row.threadId,
    fromUserId: row.fromUserId,
    body: row.body,
    isSystemMessage: row.isSystemMessage,
    type: row.type,
    isMine: row.fromUserId === viewerId,
    createdAt: row.createdAt.toISOString(),
    attachments: attachments.map(presentAttachment),
  };
}

export function presentMentorship(row: TMentorshipRow, length: TMentorshipLength | null): TMentorship {
  const { thread } = row;
  const isActive = thread.mentorshipStatus === 'active';
  return {
    threadId: thread.id,
    mentee: presentOtherUser(row.mentee),
    mentor: presentOtherUser(row.mentor),
    mentorshipStatus: thread.mentorshipStatus ?? 'pending',
    createdAt: thread.createdAt.toISOString(),
    acceptedAt: thread.acceptedAt?.toISOString() ?? null,
    closedAt: thread.closedAt?.toISOString() ?? null,
    autoCloseAt:
      isActive && length && thread.acceptedAt ? autoCloseAt(thread.acceptedAt, length).toISOString() : null,
  };
}

const presentDefaultTemplate = (t: TOutreachTemplate) => ({
  id: t.id,
  title: t.title,
  body: t.body,
  isCustom: false,
});

/** The hub's templates grouped by user type pair, in the order read (sender, recipient, position). */
export function presentOutreachTemplateSets(rows: readonly TOutreachTemplateRow[]): TOutreachTemplateSet[] {
  const sets = new Map<string, TOutreachTemplateSet>();
  for (const row of rows) {
    const key = `${row.senderUserTypeId}:${row.recipientUserTypeId}`;
    const set = sets.get(key) ?? {
      senderUserTypeId: row.senderUserTypeId,
      recipientUserTypeId: row.recipientUserTypeId,
      templates: [],
    };
    set.templates.push({ id: row.id, title: row.title, body: row.body, isCustom: true });
    sets.set(key, set);
  }
  return [...sets.values()];
}

/** The default templates by style: student senders get 'student', everyone else 'alumni'. */
export function presentDefaultTemplates() {
  return {
    student: OUTREACH_TEMPLATES.filter((t) => t.style === 'student').map(presentDefaultTemplate),
    alumni: OUTREACH_TEMPLATES.filter((t) => t.style === 'alumni').map(presentDefaultTemplate),
  };
}

/** Search hits with their files and the thread each belongs to. */
export function presentSearchHits(
  rows: readonly { message: TMessageRow; other: TOtherUser }[],
  files: readonly TMessageWithFiles[],
  viewerId: string,
) {
  return rows.map((r, i) => ({
    message: presentMessage(r.message, viewerId, files[i]?.attachments),
    thread: { id: r.message.threadId, otherUser: presentOtherUser(r.other) },
  }));
}
