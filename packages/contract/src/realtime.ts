import { DATA_REGIONS } from '@commons/domain';
import { z } from 'zod';
import { ZId, ZIsoDateTime } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The realtime gateway (issue #5 item 3; spec 4 'Presence' and 'Real-time events', spec 7 realtime paths).
 * One WebSocket per browser tab at REALTIME_PATHS.socket; the first message is `hello` with a token from
 * REALTIME_PATHS.token (the spec's auth/firebase/token) and the last event sequence the tab has seen.
 */
export const REALTIME_PATHS = {
  token: '/api/auth/realtime/token',
  socket: '/api/realtime',
  presenceSettings: '/api/me/presence',
} as const;

/** One WebRTC ICE server (RTCIceServer) of the thread video room, from the server's ICE_SERVERS. */
export const ZIceServer = z.object({
  urls: z.union([
    z.string().regex(/^(stun|stuns|turn|turns):/),
    z.array(z.string().regex(/^(stun|stuns|turn|turns):/)).min(1),
  ]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type TIceServer = z.infer<typeof ZIceServer>;
export const ZIceServers = z.array(ZIceServer).max(10);

export const ZRealtimeTokenResponse = z.object({
  token: z.string(),
  /** spec 7: stored locally by the client; defaults to us. */
  region: z.enum(DATA_REGIONS),
  expiresAt: ZIsoDateTime,
  /** ICE servers for the WebRTC video room (issue #5 item 2); empty: direct connections only. */
  iceServers: ZIceServers,
  /**
   * The viewer's event stream position when the token was issued: a page's first hello sends it as its
   * lastSeq, so an event of something done while the socket was still opening is replayed, not lost.
   */
  lastSeq: z.number().int().min(0),
});
export type TRealtimeTokenResponse = z.infer<typeof ZRealtimeTokenResponse>;

/** The always-offline flag of spec 7's presence path (users/{userId}: isAlwaysOffline). */
export const ZPresenceSettings = z.object({ isAlwaysOffline: z.boolean() });

/** The realtime token and the always-offline setting (the WebSocket gateway itself is REALTIME_PATHS.socket). */
export const REALTIME_ENDPOINTS = {
  token: defineEndpoint({
    method: 'GET',
    path: REALTIME_PATHS.token,
    operationId: 'getRealtimeToken',
    summary: 'A short-lived token for the realtime gateway and the data region (spec 7 auth/firebase/token)',
    tag: 'realtime',
    response: ZRealtimeTokenResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'optional',
  }),
  presence: defineEndpoint({
    method: 'GET',
    path: REALTIME_PATHS.presenceSettings,
    operationId: 'getMyPresenceSettings',
    summary: 'My always-offline setting (spec 4 Presence)',
    tag: 'realtime',
    response: ZPresenceSettings,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'none',
  }),
  updatePresence: defineEndpoint({
    method: 'PUT',
    path: REALTIME_PATHS.presenceSettings,
    operationId: 'updateMyPresenceSettings',
    summary: 'Appear offline to everyone (spec 4: the always-offline flag forces offline)',
    tag: 'realtime',
    body: ZPresenceSettings,
    response: ZPresenceSettings,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'none',
  }),
};
export type TPresenceSettings = z.infer<typeof ZPresenceSettings>;

export const PRESENCE_VALUES = ['online', 'away', 'offline-away', 'offline'] as const;
export const ZPresenceValue = z.enum(PRESENCE_VALUES);

/** WebSocket close codes the gateway uses; the client reconnects on every code except those marked final. */
export const REALTIME_CLOSE = {
  /** A message the gateway does not understand. */
  badMessage: 4400,
  /** Token missing, invalid, of another cluster, or the session ended: fetch a new token (final when the token endpoint refuses). */
  unauthorized: 4401,
  /** The realtime token expired without a `reauth`. */
  tokenExpired: 4403,
  /** No `hello` within the hello timeout. */
  helloTimeout: 4408,
  /** Too many messages from this socket. */
  tooManyMessages: 4429,
  /** The server is shutting down; reconnect to another process. */
  goingAway: 1001,
} as const;

/** Realtime token lifetime; the client sends `reauth` with a fresh token before it ends. */
export const REALTIME_TOKEN_TTL_MS = 10 * 60 * 1000;
/** The gateway closes a socket that has not said hello in this time. */
export const REALTIME_HELLO_TIMEOUT_MS = 10_000;
/** At most this many missed events are replayed on reconnect; beyond it the client is told to resync. */
export const REALTIME_CATCH_UP_MAX = 1000;
/** A socket may follow the presence of at most this many users. */
export const PRESENCE_SUBSCRIPTION_MAX = 500;

const ZThreadRef = { threadId: ZId, hubId: ZId };

/**
 * Durable events (spec 4 'Real-time events' plus the inbox and notification events the pages need). Each
 * is written to the recipient's event log before it is published, so a client that was offline receives
 * it on reconnect. Payloads carry ids; clients refetch through the REST API.
 */
export const ZRealtimeEventInput = z.discriminatedUnion('type', [
  /** spec 4 'Inbox message': a message arrived in one of my threads (or I sent one from another tab). */
  z.object({
    type: z.literal('inbox.message'),
    payload: z.object({ ...ZThreadRef, messageId: ZId, fromUserId: ZId }),
  }),
  /** A thread was started with me, or its status changed (accepted, rejected, closed, archived). */
  z.object({
    type: z.literal('inbox.thread'),
    payload: z.object({
      ...ZThreadRef,
      change: z.enum(['created', 'accepted', 'rejected', 'closed', 'archived', 'unarchived']),
    }),
  }),
  /** spec 4 'Unread thread count removal': I read a thread, so other tabs drop its unread count. */
  z.object({ type: z.literal('inbox.unread-removed'), payload: z.object(ZThreadRef) }),
  /** A meeting in one of my threads was requested or changed. */
  z.object({ type: z.literal('inbox.meeting'), payload: z.object({ ...ZThreadRef, meetingId: ZId }) }),
  /** spec 4 'Sync-calendar prompt'. */
  z.object({ type: z.literal('calendar.sync-prompt'), payload: z.object({ hubId: ZId.nullable() }) }),
  /** spec 4 'Blocking signup': refetch the blocking step status. */
  z.object({ type: z.literal('signup.blocking'), payload: z.object({ hubId: ZId }) }),
  /** spec 4 'Action item completed': a toast and the navbar highlight for 2 seconds. */
  z.object({
    type: z.literal('action-item.completed'),
    payload: z.object({ hubId: ZId, actionItem: z.string(), title: z.string() }),
  }),
  /** spec 4 'Earned badge': an achievement toast when a dialog is open, else a badge modal. */
  z.object({
    type: z.literal('badge.earned'),
    payload: z.object({
      hubId: ZId,
      badgeId: ZId,
      name: z.string(),
      /** What the modal shows with the name (older events carry only the name). */
      description: z.string().optional(),
      imageUrl: z.string().nullable().optional(),
    }),
  }),
  /** spec 4 'Event registration accepted': refetch the event lists. */
  z.object({
    type: z.literal('event.registration-accepted'),
    payload: z.object({ hubId: ZId, eventId: ZId }),
  }),
  /** A notification was stored for me (its body is in the payload). */
  z.object({
    type: z.literal('notification.created'),
    payload: z.object({ notificationId: ZId, notificationType: z.string(), isToastForced: z.boolean() }),
  }),
  /** Notifications were marked read in another tab or device. */
  z.object({
    type: z.literal('notification.read'),
    payload: z.object({ notificationIds: z.array(ZId), isAll: z.boolean() }),
  }),
]);
export type TRealtimeEventInput = z.infer<typeof ZRealtimeEventInput>;
export type TRealtimeEventType = TRealtimeEventInput['type'];
export const REALTIME_EVENT_TYPES = ZRealtimeEventInput.options.map(
  (o) => o.shape.type.value,
) as TRealtimeEventType[];

/**
 * TanStack Query key prefixes each event invalidates (ARCHITECTURE.md Realtime: events carry invalidation
 * hints). Web features name their queries with these prefixes (advising's appointments are meetings: their
 * booking, reschedule, cancel and status changes send inbox.meeting to both people).
 */
export const REALTIME_INVALIDATIONS: Readonly<Record<TRealtimeEventType, ReadonlyArray<readonly string[]>>> =
  {
    'inbox.message': [['inbox']],
    'inbox.thread': [['inbox']],
    'inbox.unread-removed': [['inbox', 'unread-count']],
    // A meeting changed: an advising appointment's too (booked, moved, canceled, checked in, ended).
    'inbox.meeting': [['inbox'], ['meetings'], ['advising']],
    'calendar.sync-prompt': [['calendar']],
    'signup.blocking': [['signup', 'blocking']],
    'action-item.completed': [['action-items']],
    'badge.earned': [['badges']],
    'event.registration-accepted': [['events']],
    'notification.created': [['notifications']],
    'notification.read': [['notifications']],
  };

/** Messages the client sends. */
export const ZRealtimeClientMessage = z.discriminatedUnion('kind', [
  /** First message: authenticates the socket and asks for every event after `lastSeq` (null: only new ones). */
  z.object({
    kind: z.literal('hello'),
    token: z.string().min(1).max(4000),
    lastSeq: z.number().int().min(0).nullable(),
    state: z.enum(['online', 'away']),
  }),
  /** A fresh token before the current one expires. */
  z.object({ kind: z.literal('reauth'), token: z.string().min(1).max(4000) }),
  /** spec 4: a hidden page reports away, a visible one online. */
  z.object({ kind: z.literal('state'), state: z.enum(['online', 'away']) }),
  z.object({ kind: z.literal('presence.subscribe'), userIds: z.array(ZId).max(PRESENCE_SUBSCRIPTION_MAX) }),
  z.object({ kind: z.literal('presence.unsubscribe'), userIds: z.array(ZId).max(PRESENCE_SUBSCRIPTION_MAX) }),
  /** spec 9: written at most every 2 seconds while typing in a thread. */
  z.object({ kind: z.literal('typing'), threadId: ZId }),
  /** Joins or leaves the video room of a thread (spec 4 'Inbox-meeting participant connected or disconnected'). */
  z.object({ kind: z.literal('room.join'), threadId: ZId }),
  z.object({ kind: z.literal('room.leave'), threadId: ZId }),
  /** Asks who is in the video room now: a page opened (or reconnected) after the other participant joined. */
  z.object({ kind: z.literal('room.peek'), threadId: ZId }),
  /** WebRTC signalling to the other participants of a room the sender joined. */
  z.object({ kind: z.literal('signal'), threadId: ZId, data: z.record(z.string(), z.unknown()) }),
  z.object({ kind: z.literal('ping') }),
]);
export type TRealtimeClientMessage = z.infer<typeof ZRealtimeClientMessage>;

export const ZRealtimeEvent = z.object({
  kind: z.literal('event'),
  /** Per-user sequence: gap-free and increasing in commit order; the client keeps the last one it saw. */
  seq: z.number().int(),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  createdAt: ZIsoDateTime,
  invalidate: z.array(z.array(z.string())),
});
export type TRealtimeEvent = z.infer<typeof ZRealtimeEvent>;

export const ZPresenceUpdate = z.object({
  kind: z.literal('presence'),
  userId: ZId,
  status: ZPresenceValue,
  lastOnlineAt: ZIsoDateTime.nullable(),
});
export type TPresenceUpdate = z.infer<typeof ZPresenceUpdate>;

/** Messages the server sends. */
export const ZRealtimeServerMessage = z.discriminatedUnion('kind', [
  /** After hello: live from here on; `lastSeq` is the newest sequence delivered. */
  z.object({ kind: z.literal('ready'), lastSeq: z.number().int(), connectionId: z.string() }),
  ZRealtimeEvent,
  /** Too much was missed (or it was pruned): refetch everything, then continue from `lastSeq`. */
  z.object({ kind: z.literal('resync'), lastSeq: z.number().int() }),
  ZPresenceUpdate,
  z.object({ kind: z.literal('typing'), threadId: ZId, userId: ZId, at: ZIsoDateTime }),
  z.object({ kind: z.literal('room'), threadId: ZId, userId: ZId, isConnected: z.boolean() }),
  z.object({
    kind: z.literal('signal'),
    threadId: ZId,
    fromUserId: ZId,
    data: z.record(z.string(), z.unknown()),
  }),
  z.object({ kind: z.literal('reauthed'), expiresAt: ZIsoDateTime }),
  z.object({ kind: z.literal('error'), code: z.string(), message: z.string() }),
  z.object({ kind: z.literal('pong') }),
]);
export type TRealtimeServerMessage = z.infer<typeof ZRealtimeServerMessage>;
