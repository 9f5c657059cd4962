import { randomUUID } from 'node:crypto';
import {
  REALTIME_CATCH_UP_MAX,
  REALTIME_CLOSE,
  REALTIME_HELLO_TIMEOUT_MS,
  REALTIME_INVALIDATIONS,
  ZRealtimeClientMessage,
  type TRealtimeClientMessage,
  type TRealtimeEventType,
  type TRealtimeServerMessage,
} from '@commons/contract';
import { presenceStatus, shouldWriteTyping, type TConnectionState, type TPresence } from '@commons/domain';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { queryRows, type TDb } from '../../db/client.js';
import { realtimeEvents, realtimeStreams, threadParticipants, userPresence } from '../../db/schema/index.js';
import { applyTenantScope, resolveClusterId, withTenant } from '../../db/tenant.js';
import {
  clusterTopic,
  PRESENCE_HEARTBEAT_MS,
  type TBusEvent,
  type TBusMessage,
  type TPresenceStore,
  type TRealtimeBus,
} from './realtime.bus.js';
import { verifyRealtimeToken } from './realtime.tokens.js';

/** Messages a socket may send per RATE_WINDOW_MS before it is closed (typing is 1 per 2 s; signalling bursts). */
const RATE_LIMIT = 200;
const RATE_WINDOW_MS = 10_000;
/** A socket whose unsent buffer grows past this is too slow: it is closed and catches up on reconnect. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Thread participants are re-read after this long (typing, rooms, signals). */
const PARTICIPANTS_CACHE_MS = 60_000;
const PING_INTERVAL_MS = 30_000;

type TConnection = {
  id: string;
  socket: WebSocket;
  clusterId: string;
  userId: string;
  sessionId: string;
  state: TConnectionState;
  /** Newest sequence delivered on this socket. */
  lastSeq: number;
  /** Deliveries of durable events, in order (catch-up first, then live events). */
  queue: Promise<void>;
  /** Presence writes of this socket, in order (connect, state changes, disconnect). */
  presenceQueue: Promise<void>;
  watching: Set<string>;
  rooms: Set<string>;
  participants: Map<string, { others: string[]; at: number }>;
  typingWrites: Map<string, Date>;
  expiryTimer: NodeJS.Timeout | null;
  isClosed: boolean;
};

type TClusterRoom = {
  subscription: Promise<() => Promise<void>>;
  byUser: Map<string, Set<TConnection>>;
  watchers: Map<string, Set<TConnection>>;
};

export type TRealtimeGateway = {
  /** Takes over a freshly upgraded socket of `host`. */
  handleSocket(socket: WebSocket, host: string): void;
  /** Recomputes one user's presence and tells every process (e.g. after isAlwaysOffline changed). */
  announcePresence(clusterId: string, userId: string): Promise<void>;
  /**
   * Closes the sockets of ended sessions of a user in every process (issue #13 item 6): `sessionIds`, or
   * every session but `exceptSessionId` when `sessionIds` is null. Call after the revocation committed.
   */
  revokeSessions(options: {
    clusterId: string;
    userId: string;
    sessionIds: string[] | null;
    exceptSessionId?: string | null;
  }): Promise<void>;
  /** Presence of users of a cluster now (spec 4 Presence). */
  presenceOf(
    clusterId: string,
    userIds: readonly string[],
  ): Promise<Map<string, { status: TPresence; lastOnlineAt: string | null }>>;
  connectionCount(): number;
  close(): Promise<void>;
};

/**
 * The WebSocket gateway of one process (issue #5 item 3). A socket says hello with a realtime token and
 * its last seen sequence; it gets every event it missed from the database, then live events from the bus
 * of its cluster. Presence, typing, rooms and signals travel only on the bus.
 */
export function createRealtimeGateway(deps: {
  db: TDb;
  bus: TRealtimeBus;
  presence: TPresenceStore;
  jwtSecret: Uint8Array;
  clock: () => Date;
  log: FastifyBaseLogger;
}): TRealtimeGateway {
  const clusters = new Map<string, TClusterRoom>();
  const connections = new Set<TConnection>();
  let isClosing = false;

  const heartbeat = setInterval(() => {
    const entries = [...connections]
      .filter((c) => !c.isClosed)
      .map((c) => ({ clusterId: c.clusterId, userId: c.userId, connectionId: c.id, state: c.state }));
    deps.presence
      .heartbeat(entries)
      .catch((error: unknown) => deps.log.warn({ err: errorText(error) }, 'presence heartbeat failed'));
  }, PRESENCE_HEARTBEAT_MS);
  heartbeat.unref();

  function send(conn: TConnection, message: TRealtimeServerMessage): void {
    if (conn.isClosed || conn.socket.readyState !== conn.socket.OPEN) return;
    if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      conn.socket.close(1013, 'too slow');
      return;
    }
    conn.socket.send(JSON.stringify(message));
  }

  function sendEvent(conn: TConnection, event: Omit<TBusEvent, 'userId'>): void {
    send(conn, {
      kind: 'event',
      seq: event.seq,
      type: event.type,
      payload: event.payload,
      createdAt: event.createdAt,
      invalidate: (REALTIME_INVALIDATIONS[event.type as TRealtimeEventType] ?? []).map((key) => [...key]),
    });
    conn.lastSeq = event.seq;
  }

  /** Events of the connection's user after `afterSeq` (and before `beforeSeq`), oldest first. */
  async function readEvents(conn: TConnection, afterSeq: number, beforeSeq: number | null, limit: number) {
    return withTenant(deps.db, { clusterId: conn.clusterId, userId: conn.userId }, (tx) =>
      tx
        .select({
          seq: realtimeEvents.seq,
          type: realtimeEvents.type,
          payload: realtimeEvents.payload,
          createdAt: realtimeEvents.createdAt,
        })
        .from(realtimeEvents)
        .where(
          and(
            eq(realtimeEvents.userId, conn.userId),
            gt(realtimeEvents.seq, afterSeq),
            beforeSeq === null ? undefined : lt(realtimeEvents.seq, beforeSeq),
          ),
        )
        .orderBy(asc(realtimeEvents.seq))
        .limit(limit),
    );
  }

  async function currentSeq(conn: TConnection): Promise<number> {
    const rows = await withTenant(deps.db, { clusterId: conn.clusterId, userId: conn.userId }, (tx) =>
      tx
        .select({ lastSeq: realtimeStreams.lastSeq })
        .from(realtimeStreams)
        .where(eq(realtimeStreams.userId, conn.userId)),
    );
    return rows[0]?.lastSeq ?? 0;
  }

  /** Replays what the socket missed since `lastSeq`, or tells it to resync when that is too much or gone. */
  async function catchUp(conn: TConnection, lastSeq: number | null): Promise<void> {
    const maxSeq = await currentSeq(conn);
    if (lastSeq === null) {
      conn.lastSeq = maxSeq;
    } else if (lastSeq > maxSeq) {
      conn.lastSeq = maxSeq;
      send(conn, { kind: 'resync', lastSeq: maxSeq });
    } else {
      const rows = await readEvents(conn, lastSeq, null, REALTIME_CATCH_UP_MAX + 1);
      const isComplete =
        rows.length <= REALTIME_CATCH_UP_MAX &&
        (rows.length === 0 ? maxSeq === lastSeq : rows[0]?.seq === lastSeq + 1);
      if (!isComplete) {
        conn.lastSeq = Math.max(maxSeq, rows.at(-1)?.seq ?? 0);
        send(conn, { kind: 'resync', lastSeq: conn.lastSeq });
      } else {
        conn.lastSeq = lastSeq;
        for (const row of rows)
          sendEvent(conn, {
            seq: row.seq,
            type: row.type,
            payload: row.payload,
            createdAt: row.createdAt.toISOString(),
          });
      }
    }
    send(conn, { kind: 'ready', lastSeq: conn.lastSeq, connectionId: conn.id });
  }

  /** Delivers one live event in order; a gap (another process published first) is filled from the database. */
  async function deliver(conn: TConnection, event: TBusEvent): Promise<void> {
    if (conn.isClosed || event.seq <= conn.lastSeq) return;
    if (event.seq > conn.lastSeq + 1) {
      const missing = await readEvents(conn, conn.lastSeq, event.seq, REALTIME_CATCH_UP_MAX);
      for (const row of missing)
        sendEvent(conn, {
          seq: row.seq,
          type: row.type,
          payload: row.payload,
          createdAt: row.createdAt.toISOString(),
        });
    }
    sendEvent(conn, event);
  }

  function enqueue(conn: TConnection, work: () => Promise<void>): void {
    conn.queue = conn.queue.then(work).catch((error: unknown) => {
      deps.log.warn(
        { err: errorText(error), connectionId: conn.id },
        'realtime delivery failed; the socket reconnects and catches up',
      );
      conn.socket.close(1011, 'delivery failed');
    });
  }

  function onBusMessage(clusterId: string, message: TBusMessage): void {
    const room = clusters.get(clusterId);
    if (!room) return;
    switch (message.kind) {
      case 'events':
        for (const event of message.events) {
          for (const conn of room.byUser.get(event.userId) ?? []) enqueue(conn, () => deliver(conn, event));
        }
        return;
      case 'presence':
        for (const conn of room.watchers.get(message.userId) ?? []) {
          send(conn, {
            kind: 'presence',
            userId: message.userId,
            status: message.status,
            lastOnlineAt: message.lastOnlineAt,
          });
        }
        return;
      case 'typing':
        for (const userId of message.toUserIds) {
          for (const conn of room.byUser.get(userId) ?? [])
            send(conn, {
              kind: 'typing',
              threadId: message.threadId,
              userId: message.userId,
              at: message.at,
            });
        }
        return;
      case 'room': {
        const repliedFor = new Set<string>();
        for (const userId of message.toUserIds) {
          for (const conn of room.byUser.get(userId) ?? []) {
            if (!message.isPeek)
              send(conn, {
                kind: 'room',
                threadId: message.threadId,
                userId: message.userId,
                isConnected: message.isConnected,
              });
            // A newcomer (or a page that asks) learns who is already in the room: each present participant answers once.
            if (
              (message.isConnected || message.isPeek === true) &&
              !message.isReply &&
              conn.rooms.has(message.threadId) &&
              !repliedFor.has(userId)
            ) {
              repliedFor.add(userId);
              void publish(clusterId, {
                kind: 'room',
                threadId: message.threadId,
                userId,
                toUserIds: [message.userId],
                isConnected: true,
                isReply: true,
              });
            }
          }
        }
        return;
      }
      case 'sessions-revoked':
        for (const conn of room.byUser.get(message.userId) ?? []) {
          const isEnded =
            message.sessionIds === null
              ? conn.sessionId !== message.exceptSessionId
              : message.sessionIds.includes(conn.sessionId);
          if (isEnded) conn.socket.close(REALTIME_CLOSE.unauthorized, 'session_revoked');
        }
        return;
      case 'signal':
        for (const userId of message.toUserIds) {
          for (const conn of room.byUser.get(userId) ?? []) {
            if (conn.rooms.has(message.threadId))
              send(conn, {
                kind: 'signal',
                threadId: message.threadId,
                fromUserId: message.fromUserId,
                data: message.data,
              });
          }
        }
        return;
    }
  }

  async function publish(clusterId: string, message: TBusMessage): Promise<void> {
    try {
      await deps.bus.publish(clusterTopic(clusterId), message);
    } catch (error) {
      deps.log.warn({ err: errorText(error), clusterId }, 'realtime bus publish failed');
    }
  }

  async function join(conn: TConnection): Promise<void> {
    let room = clusters.get(conn.clusterId);
    if (!room) {
      const clusterId = conn.clusterId;
      room = {
        subscription: deps.bus.subscribe(clusterTopic(clusterId), (m) => onBusMessage(clusterId, m)),
        byUser: new Map(),
        watchers: new Map(),
      };
      clusters.set(clusterId, room);
    }
    const set = room.byUser.get(conn.userId) ?? new Set();
    set.add(conn);
    room.byUser.set(conn.userId, set);
    await room.subscription;
  }

  function leave(conn: TConnection): void {
    const room = clusters.get(conn.clusterId);
    if (!room) return;
    const set = room.byUser.get(conn.userId);
    set?.delete(conn);
    if (set && set.size === 0) room.byUser.delete(conn.userId);
    for (const userId of conn.watching) {
      const watchers = room.watchers.get(userId);
      watchers?.delete(conn);
      if (watchers && watchers.size === 0) room.watchers.delete(userId);
    }
    if (room.byUser.size === 0) {
      clusters.delete(conn.clusterId);
      void room.subscription.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    }
  }

  async function presenceOf(clusterId: string, userIds: readonly string[]) {
    const result = new Map<string, { status: TPresence; lastOnlineAt: string | null }>();
    if (userIds.length === 0) return result;
    const [live, rows] = await Promise.all([
      deps.presence.connections(clusterId, userIds),
      withTenant(deps.db, { clusterId }, (tx) =>
        tx
          .select()
          .from(userPresence)
          .where(inArray(userPresence.userId, [...userIds])),
      ),
    ]);
    const now = deps.clock();
    for (const userId of userIds) {
      const row = rows.find((r) => r.userId === userId);
      const isAlwaysOffline = row?.isAlwaysOffline ?? false;
      const status = presenceStatus({
        connections: live.get(userId) ?? [],
        lastActivityAt: row?.lastOnlineAt ?? null,
        now,
        isAlwaysOffline,
      });
      // The always-offline flag hides activity too, so offline cannot be told from hiding.
      result.set(userId, {
        status,
        lastOnlineAt: isAlwaysOffline ? null : (row?.lastOnlineAt?.toISOString() ?? null),
      });
    }
    return result;
  }

  async function announcePresence(clusterId: string, userId: string): Promise<void> {
    const presence = (await presenceOf(clusterId, [userId])).get(userId);
    if (presence) await publish(clusterId, { kind: 'presence', userId, ...presence });
  }

  /** Records one socket's state change (null: gone) and announces the user's presence (spec 4 Presence). */
  function setPresence(
    conn: TConnection,
    next: TConnectionState | null,
    previous: TConnectionState | null,
  ): void {
    conn.presenceQueue = conn.presenceQueue
      .then(async () => {
        if (next)
          await deps.presence.setConnection({
            clusterId: conn.clusterId,
            userId: conn.userId,
            connectionId: conn.id,
            state: next,
          });
        else
          await deps.presence.removeConnection({
            clusterId: conn.clusterId,
            userId: conn.userId,
            connectionId: conn.id,
          });
        // lastOnline: the last moment any socket of the user was online (or connected).
        if (previous === null || previous === 'online' || next === 'online') {
          const now = deps.clock();
          await withTenant(deps.db, { clusterId: conn.clusterId, userId: conn.userId }, (tx) =>
            tx
              .insert(userPresence)
              .values({ userId: conn.userId, clusterId: conn.clusterId, lastOnlineAt: now })
              .onConflictDoUpdate({ target: userPresence.userId, set: { lastOnlineAt: now } }),
          );
        }
        await announcePresence(conn.clusterId, conn.userId);
      })
      .catch((error: unknown) =>
        deps.log.warn({ err: errorText(error), connectionId: conn.id }, 'presence update failed'),
      );
  }

  /** The other participants of a thread the user takes part in, or null (cached a minute). */
  async function othersIn(conn: TConnection, threadId: string): Promise<string[] | null> {
    const cached = conn.participants.get(threadId);
    const nowMs = Date.now();
    if (cached && nowMs - cached.at < PARTICIPANTS_CACHE_MS) return cached.others;
    if (!/^[0-9a-f-]{36}$/i.test(threadId)) return null;
    const rows = await withTenant(deps.db, { clusterId: conn.clusterId, userId: conn.userId }, (tx) =>
      tx
        .select({ otherUserId: threadParticipants.otherUserId })
        .from(threadParticipants)
        .where(and(eq(threadParticipants.threadId, threadId), eq(threadParticipants.userId, conn.userId))),
    );
    if (rows.length === 0) return null;
    const others = [...new Set(rows.map((r) => r.otherUserId))];
    conn.participants.set(threadId, { others, at: nowMs });
    return others;
  }

  /**
   * The users of `userIds` whose presence the connection's user may see: those who share a hub where the
   * viewer is an approved member, or a thread with them; cluster and super admins see the whole cluster.
   */
  async function visibleToWatch(conn: TConnection, userIds: readonly string[]): Promise<string[]> {
    const candidates = [...new Set(userIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    if (candidates.length === 0) return [];
    const idList = sql.join(
      candidates.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const rows = await withTenant(deps.db, { clusterId: conn.clusterId, userId: conn.userId }, async (tx) => {
      const viewer = await queryRows<{ is_cluster_scope: boolean; hub_ids: number[] | null }>(
        tx,
        sql`SELECT (u.is_super_admin OR u.is_cluster_admin) AS is_cluster_scope,
              (SELECT array_agg(m.hub_id) FROM hub_memberships m WHERE m.user_id = u.id AND m.approved IS TRUE) AS hub_ids
            FROM users u WHERE u.id = ${conn.userId}`,
      );
      const me = viewer[0];
      if (!me) return [];
      if (me.is_cluster_scope)
        return queryRows<{ id: string }>(tx, sql`SELECT id FROM users WHERE id IN (${idList})`);
      const hubIds = me.hub_ids ?? [];
      await applyTenantScope(tx, { clusterId: conn.clusterId, userId: conn.userId, memberHubIds: hubIds });
      return queryRows<{ id: string }>(
        tx,
        sql`SELECT m.user_id AS id FROM hub_memberships m
              WHERE m.user_id IN (${idList}) AND m.hub_id = ANY(${sql.raw(`ARRAY[${hubIds.map(Number).join(',')}]::bigint[]`)})
            UNION
            SELECT tp.other_user_id AS id FROM thread_participants tp WHERE tp.user_id = ${conn.userId} AND tp.other_user_id IN (${idList})`,
      );
    });
    const allowed = new Set(rows.map((r) => r.id));
    return candidates.filter((id) => allowed.has(id));
  }

  /** The user exists, is not being deleted, and the session family behind the token is alive. */
  async function isSessionAlive(clusterId: string, userId: string, sessionId: string): Promise<boolean> {
    const rows = await withTenant(deps.db, { clusterId, userId }, (tx) =>
      tx.execute(sql`SELECT 1 AS ok FROM users u WHERE u.id = ${userId} AND u.delete_requested_at IS NULL
        AND EXISTS (SELECT 1 FROM refresh_sessions rs WHERE rs.family_id = ${sessionId} AND rs.user_id = u.id AND rs.revoked_at IS NULL)`),
    );
    return (rows as unknown as { rows: unknown[] }).rows.length > 0;
  }

  function armExpiry(conn: TConnection, expSeconds: number): void {
    if (conn.expiryTimer) clearTimeout(conn.expiryTimer);
    const delay = Math.max(0, expSeconds * 1000 - deps.clock().getTime());
    conn.expiryTimer = setTimeout(
      () => conn.socket.close(REALTIME_CLOSE.tokenExpired, 'token_expired'),
      Math.min(delay, 2 ** 31 - 1),
    );
    conn.expiryTimer.unref();
  }

  async function handleMessage(conn: TConnection, message: TRealtimeClientMessage): Promise<void> {
    switch (message.kind) {
      case 'hello':
        send(conn, { kind: 'error', code: 'already_authenticated', message: 'hello was already received' });
        return;
      case 'reauth': {
        const payload = await verifyRealtimeToken(message.token, deps.jwtSecret, deps.clock());
        if (
          !payload ||
          payload.sub !== conn.userId ||
          payload.cid !== conn.clusterId ||
          !(await isSessionAlive(conn.clusterId, payload.sub, payload.sid))
        ) {
          conn.socket.close(REALTIME_CLOSE.unauthorized, 'token_invalid');
          return;
        }
        conn.sessionId = payload.sid;
        armExpiry(conn, payload.exp);
        send(conn, { kind: 'reauthed', expiresAt: new Date(payload.exp * 1000).toISOString() });
        return;
      }
      case 'state': {
        if (message.state === conn.state) return;
        const previous = conn.state;
        conn.state = message.state;
        setPresence(conn, message.state, previous);
        return;
      }
      case 'presence.subscribe': {
        const room = clusters.get(conn.clusterId);
        if (!room) return;
        // Only people the user shares a hub or a thread with (issue #13 item 7); others are silently left out.
        const fresh = await visibleToWatch(
          conn,
          message.userIds.filter((id) => !conn.watching.has(id)),
        );
        if (conn.watching.size + fresh.length > 2000) {
          send(conn, {
            kind: 'error',
            code: 'too_many_subscriptions',
            message: 'Unsubscribe from users you no longer show',
          });
          return;
        }
        for (const userId of fresh) {
          conn.watching.add(userId);
          const set = room.watchers.get(userId) ?? new Set();
          set.add(conn);
          room.watchers.set(userId, set);
        }
        const snapshot = await presenceOf(conn.clusterId, fresh);
        for (const [userId, presence] of snapshot) send(conn, { kind: 'presence', userId, ...presence });
        return;
      }
      case 'presence.unsubscribe': {
        const room = clusters.get(conn.clusterId);
        for (const userId of message.userIds) {
          conn.watching.delete(userId);
          room?.watchers.get(userId)?.delete(conn);
        }
        return;
      }
      case 'typing': {
        // spec 9: one typing write per 2 seconds; faster writes are dropped here too.
        const now = deps.clock();
        if (!shouldWriteTyping({ lastWriteAt: conn.typingWrites.get(message.threadId), now })) return;
        conn.typingWrites.set(message.threadId, now);
        const others = await othersIn(conn, message.threadId);
        if (!others) {
          send(conn, { kind: 'error', code: 'thread_not_found', message: 'Thread not found' });
          return;
        }
        await publish(conn.clusterId, {
          kind: 'typing',
          threadId: message.threadId,
          userId: conn.userId,
          toUserIds: others,
          at: now.toISOString(),
        });
        return;
      }
      case 'room.join':
      case 'room.leave': {
        const others = await othersIn(conn, message.threadId);
        if (!others) {
          send(conn, { kind: 'error', code: 'thread_not_found', message: 'Thread not found' });
          return;
        }
        const isConnected = message.kind === 'room.join';
        if (isConnected) conn.rooms.add(message.threadId);
        else conn.rooms.delete(message.threadId);
        await publish(conn.clusterId, {
          kind: 'room',
          threadId: message.threadId,
          userId: conn.userId,
          toUserIds: others,
          isConnected,
          isReply: false,
        });
        return;
      }
      case 'room.peek': {
        const others = await othersIn(conn, message.threadId);
        if (!others) {
          send(conn, { kind: 'error', code: 'thread_not_found', message: 'Thread not found' });
          return;
        }
        await publish(conn.clusterId, {
          kind: 'room',
          threadId: message.threadId,
          userId: conn.userId,
          toUserIds: others,
          isConnected: false,
          isReply: false,
          isPeek: true,
        });
        return;
      }
      case 'signal': {
        const others = conn.rooms.has(message.threadId) ? await othersIn(conn, message.threadId) : null;
        if (!others) {
          send(conn, { kind: 'error', code: 'not_in_room', message: 'Join the room before signalling' });
          return;
        }
        await publish(conn.clusterId, {
          kind: 'signal',
          threadId: message.threadId,
          fromUserId: conn.userId,
          toUserIds: others,
          data: message.data,
        });
        return;
      }
      case 'ping':
        send(conn, { kind: 'pong' });
        return;
    }
  }

  /** Authenticates the first message and starts the connection; null when the socket was refused. */
  async function hello(
    socket: WebSocket,
    host: string,
    message: TRealtimeClientMessage,
  ): Promise<TConnection | null> {
    if (message.kind !== 'hello') {
      socket.close(REALTIME_CLOSE.unauthorized, 'hello_required');
      return null;
    }
    const payload = await verifyRealtimeToken(message.token, deps.jwtSecret, deps.clock());
    const clusterId = await resolveClusterId(deps.db, host);
    // A token of another cluster is never honoured on this host (same rule as the API).
    if (
      !payload ||
      !clusterId ||
      payload.cid !== clusterId ||
      !(await isSessionAlive(clusterId, payload.sub, payload.sid))
    ) {
      socket.close(REALTIME_CLOSE.unauthorized, 'token_invalid');
      return null;
    }
    if (isClosing || socket.readyState !== socket.OPEN) return null;
    const conn: TConnection = {
      id: randomUUID(),
      socket,
      clusterId,
      userId: payload.sub,
      sessionId: payload.sid,
      state: message.state,
      lastSeq: 0,
      queue: Promise.resolve(),
      presenceQueue: Promise.resolve(),
      watching: new Set(),
      rooms: new Set(),
      participants: new Map(),
      typingWrites: new Map(),
      expiryTimer: null,
      isClosed: false,
    };
    connections.add(conn);
    armExpiry(conn, payload.exp);
    // Subscribed before the catch-up reads the log: an event committed later is published later and
    // arrives live; one committed earlier is in the catch-up (duplicates are dropped by sequence).
    await join(conn);
    enqueue(conn, () => catchUp(conn, message.lastSeq));
    setPresence(conn, conn.state, null);
    return conn;
  }

  /** Forgets a closed socket: leaves its rooms, drops its presence entry and records lastOnline. */
  function finishConnection(conn: TConnection): void {
    if (conn.isClosed) return;
    conn.isClosed = true;
    if (conn.expiryTimer) clearTimeout(conn.expiryTimer);
    connections.delete(conn);
    leave(conn);
    for (const threadId of conn.rooms) {
      const others = conn.participants.get(threadId)?.others ?? [];
      void publish(conn.clusterId, {
        kind: 'room',
        threadId,
        userId: conn.userId,
        toUserIds: others,
        isConnected: false,
        isReply: false,
      });
    }
    setPresence(conn, null, conn.state);
  }

  function handleSocket(socket: WebSocket, host: string): void {
    if (isClosing) {
      socket.close(REALTIME_CLOSE.goingAway, 'shutting down');
      return;
    }
    let conn: TConnection | null = null;
    let pendingHello: Promise<void> | null = null;
    const recent: number[] = [];
    let isAlive = true;
    const helloTimer = setTimeout(() => {
      if (!conn) socket.close(REALTIME_CLOSE.helloTimeout, 'hello_timeout');
    }, REALTIME_HELLO_TIMEOUT_MS);
    helloTimer.unref();
    const pinger = setInterval(() => {
      if (!isAlive) {
        socket.terminate();
        return;
      }
      isAlive = false;
      socket.ping();
    }, PING_INTERVAL_MS);
    pinger.unref();
    socket.on('pong', () => {
      isAlive = true;
    });

    socket.on('message', (raw, isBinary) => {
      const nowMs = Date.now();
      recent.push(nowMs);
      while (recent.length > 0 && (recent[0] ?? 0) < nowMs - RATE_WINDOW_MS) recent.shift();
      if (recent.length > RATE_LIMIT) {
        socket.close(REALTIME_CLOSE.tooManyMessages, 'too_many_messages');
        return;
      }
      let message: TRealtimeClientMessage;
      try {
        if (isBinary) throw new Error('binary');
        const text = Array.isArray(raw)
          ? Buffer.concat(raw).toString('utf8')
          : Buffer.from(raw as ArrayBuffer).toString('utf8');
        message = ZRealtimeClientMessage.parse(JSON.parse(text));
      } catch {
        socket.close(REALTIME_CLOSE.badMessage, 'bad_message');
        return;
      }
      if (!conn) {
        if (pendingHello) return;
        pendingHello = hello(socket, host, message)
          .then((c) => {
            conn = c;
            clearTimeout(helloTimer);
          })
          .catch((error: unknown) => {
            deps.log.warn({ err: errorText(error) }, 'realtime hello failed');
            socket.close(1011, 'hello failed');
          })
          .finally(() => {
            pendingHello = null;
          });
        return;
      }
      const current = conn;
      handleMessage(current, message).catch((error: unknown) => {
        deps.log.warn({ err: errorText(error), connectionId: current.id }, 'realtime message failed');
        send(current, { kind: 'error', code: 'internal', message: 'The message could not be handled' });
      });
    });

    socket.on('close', () => {
      clearTimeout(helloTimer);
      clearInterval(pinger);
      if (conn) finishConnection(conn);
      else if (pendingHello) void pendingHello.then(() => conn && finishConnection(conn));
    });
    socket.on('error', (error) => deps.log.debug({ err: error.message }, 'realtime socket error'));
  }

  return {
    handleSocket,
    announcePresence,
    revokeSessions: (options) =>
      publish(options.clusterId, {
        kind: 'sessions-revoked',
        userId: options.userId,
        sessionIds: options.sessionIds,
        exceptSessionId: options.exceptSessionId ?? null,
      }),
    presenceOf,
    connectionCount: () => connections.size,
    close: async () => {
      isClosing = true;
      clearInterval(heartbeat);
      const open = [...connections];
      for (const conn of open) {
        conn.socket.close(REALTIME_CLOSE.goingAway, 'server shutting down');
        finishConnection(conn);
      }
      // lastOnline is recorded and the connections leave a shared presence store before the database closes.
      await Promise.race([
        Promise.allSettled(open.map((c) => c.presenceQueue)),
        new Promise((resolve) => setTimeout(resolve, 2000).unref()),
      ]);
    },
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
