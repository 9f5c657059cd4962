import type { TContactOptionsResponse, TMeetingOption } from '@commons/contract';
import {
  hasAvailabilityEnded,
  isMeetingMessageType,
  meetingInThreadRefusal,
  NO_AVAILABLE_DATES_MESSAGE,
  type TMessageType,
} from '@commons/domain';
import type { AppError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import {
  composeOptions,
  findRecipients,
  loadProgramSendContextFor,
  loadSendContext,
  type TComposeOption,
  type TRecipient,
  type TSendContext,
} from './inbox.commands.js';
import { areMeetingsDisabled, isClosedFor, viewerMessagingRefusal } from './inbox.policy.js';
import { presentComposeOption, threadView } from './inbox.presenter.js';
import { listThreadsWith } from './inbox.queries.js';

/**
 * Booking a meeting with a member (spec 6 Messaging, spec 5 Availability): null when spec 6 allows none
 * between the two (meetings disabled for the pair, or no allowed type can carry one); refused with the spec
 * message once their last availability date has passed; otherwise in an open conversation with them that
 * takes meetings, or in a new one of the first sendable type that does (a meeting type before a plain message).
 */
function meetingOption(
  ctx: TRequestContext,
  options: { recipient: TRecipient; types: readonly TComposeOption[]; threadId: string | null },
): TMeetingOption | null {
  const { recipient, types, threadId } = options;
  if (areMeetingsDisabled(ctx.membership?.userType ?? null, recipient.userType)) return null;
  const carriers = types.filter(
    (o) => meetingInThreadRefusal({ messageType: o.type, mentorshipStatus: null }) === null,
  );
  if (threadId === null && carriers.length === 0) return null;
  const isEnded = hasAvailabilityEnded({
    lastAvailabilityDate: recipient.user.lastAvailabilityDate,
    now: ctx.now,
    timeZone: ctx.requireViewer().user.timezone,
  });
  if (isEnded) return { threadId: null, messageType: null, unavailableReason: NO_AVAILABLE_DATES_MESSAGE };
  if (threadId !== null) return { threadId, messageType: null, unavailableReason: null };
  const sendable = carriers.filter((o) => o.unavailableReason === null);
  const chosen = sendable.find((o) => isMeetingMessageType(o.type)) ?? sendable[0];
  if (chosen) return { threadId: null, messageType: chosen.type, unavailableReason: null };
  return { threadId: null, messageType: null, unavailableReason: carriers[0]?.unavailableReason ?? null };
}

/**
 * The contact actions towards each asked member (issue #16 item 2): the message types of compose (the same
 * rules, limits and availability, so the two never disagree) and booking a meeting. The viewer, members who
 * cannot be written to here and, in a group, non-members are left out; a viewer who may not write at all
 * hears why once.
 */
export async function loadContactOptions(
  ctx: TRequestContext,
  query: { userIds: readonly string[]; groupId?: string | undefined },
): Promise<TContactOptionsResponse> {
  const viewerId = ctx.requireViewer().user.id;
  const refusal = viewerMessagingRefusal(ctx);
  if (refusal !== null) return { unavailableReason: refusal, items: [] };
  const ids = [...new Set(query.userIds)].filter((id) => id !== viewerId);
  if (ids.length === 0) return { unavailableReason: null, items: [] };

  let send: TSendContext;
  let candidateIds = ids;
  if (query.groupId === undefined) {
    send = await loadSendContext(ctx);
  } else {
    const program = await loadProgramSendContextFor(ctx, { groupId: query.groupId, recipientIds: ids });
    send = program.send;
    candidateIds = ids.filter((id) => program.memberIds.has(id));
  }
  const recipients = await findRecipients(ctx, candidateIds);
  const threads = await listThreadsWith(ctx.tx, {
    viewerId,
    hubId: send.hubId,
    otherUserIds: [...recipients.keys()],
    groupId: send.groupId,
  });
  const meetingThreadOf = new Map<string, string>();
  for (const row of threads) {
    const other = row.participant.otherUserId;
    const isOpen = !isClosedFor(threadView(row, viewerId)) && meetingInThreadRefusal(row.thread) === null;
    if (isOpen && !meetingThreadOf.has(other)) meetingThreadOf.set(other, row.thread.id);
  }

  // The sender's own limits are the same towards everyone: counted once per type for the whole list.
  const senderErrors = new Map<TMessageType, AppError | null>();
  const items = [];
  for (const id of ids) {
    const recipient = recipients.get(id);
    if (!recipient) continue;
    const types = await composeOptions(ctx, send, recipient, senderErrors);
    items.push({
      userId: id,
      messageTypes: types.map(presentComposeOption),
      meeting: meetingOption(ctx, { recipient, types, threadId: meetingThreadOf.get(id) ?? null }),
    });
  }
  return { unavailableReason: null, items };
}
