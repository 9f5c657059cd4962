/**
 * The realtime client (issue #5 item 3; spec 4 Presence and Real-time events, spec 7 auth/firebase/token):
 * one WebSocket per tab on REALTIME_PATHS.socket, authenticated with a short-lived token, renewed with
 * `reauth` before it ends, reconnected with exponential backoff and jitter, and resumed from the last event
 * sequence the tab saw so nothing missed while offline is lost. Events become TanStack Query invalidations;
 * presence, typing, video-room and signal messages go to the listeners that asked for them.
 */
import {
  REALTIME_CLOSE,
  REALTIME_PATHS,
  ZRealtimeServerMessage,
  ZRealtimeTokenResponse,
  type TIceServer,
  type TPresenceUpdate,
  type TRealtimeClientMessage,
  type TRealtimeServerMessage,
} from '@commons/contract';
import { connectionState } from '@commons/domain';
import { apiRequest } from './api-client';
import { isApiError } from './api-error';
import { queryClient } from './query-client';
import { reconnectDelayMs } from './realtime-backoff';
import { invalidationKeys } from './realtime-invalidations';

/** Connection state shown to pages that need the socket (the video room). */
export type TRealtimeStatus = 'idle' | 'connecting' | 'live' | 'offline';

type TListener = (message: TRealtimeServerMessage) => void;

/** The token is renewed this long before it ends. */
const REAUTH_LEAD_MS = 60_000;

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${REALTIME_PATHS.socket}`;
}

function pageState(): 'online' | 'away' {
  // spec 4: a hidden page shows away.
  return connectionState({ isPageHidden: document.visibilityState === 'hidden' });
}

/** One realtime connection for this tab; `realtime` below is the app's instance. */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private isStarted = false;
  private attempt = 0;
  private lastSeq: number | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private reauthTimer: ReturnType<typeof setTimeout> | null = null;
  private status: TRealtimeStatus = 'idle';
  private iceServers: TIceServer[] = [];
  private readonly listeners = new Set<TListener>();
  private readonly statusListeners = new Set<() => void>();
  private readonly presence = new Map<string, TPresenceUpdate>();
  private readonly presenceListeners = new Set<() => void>();
  /** How many mounted components watch each user's presence. */
  private readonly watched = new Map<string, number>();

  private readonly handleVisibility = () => this.send({ kind: 'state', state: pageState() });
  private readonly handleOnline = () => {
    if (this.isStarted && this.socket === null) this.connectNow();
  };

  /** Opens the connection (signed in); calling it again while started does nothing. */
  start(): void {
    if (this.isStarted) return;
    this.isStarted = true;
    this.attempt = 0;
    document.addEventListener('visibilitychange', this.handleVisibility);
    window.addEventListener('online', this.handleOnline);
    this.connectNow();
  }

  /** Closes the connection and forgets the session's state (sign-out). */
  stop(): void {
    this.isStarted = false;
    document.removeEventListener('visibilitychange', this.handleVisibility);
    window.removeEventListener('online', this.handleOnline);
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'signed out');
    this.lastSeq = null;
    this.presence.clear();
    this.setStatus('idle');
  }

  /** Sends a message on the live socket; false when it is not live (typing is then simply dropped). */
  send(message: TRealtimeClientMessage): boolean {
    if (this.status !== 'live' || this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Listens to every server message; returns the unsubscribe function. */
  subscribe(listener: TListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getStatus(): TRealtimeStatus {
    return this.status;
  }

  subscribeStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** ICE servers of the video room, from the last realtime token response (server ICE_SERVERS). */
  getIceServers(): TIceServer[] {
    return this.iceServers;
  }

  /** Follows the presence of users (ref-counted); returns the function that stops following them. */
  watchPresence(userIds: readonly string[]): () => void {
    const fresh: string[] = [];
    for (const id of userIds) {
      const count = this.watched.get(id) ?? 0;
      if (count === 0) fresh.push(id);
      this.watched.set(id, count + 1);
    }
    if (fresh.length > 0) this.send({ kind: 'presence.subscribe', userIds: fresh });
    return () => {
      const gone: string[] = [];
      for (const id of userIds) {
        const count = (this.watched.get(id) ?? 1) - 1;
        if (count <= 0) {
          this.watched.delete(id);
          gone.push(id);
        } else this.watched.set(id, count);
      }
      if (gone.length > 0) this.send({ kind: 'presence.unsubscribe', userIds: gone });
    };
  }

  /** The last known presence of a user, or undefined before the server told it. */
  presenceOf(userId: string): TPresenceUpdate | undefined {
    return this.presence.get(userId);
  }

  subscribePresence(listener: () => void): () => void {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  }

  private setStatus(next: TRealtimeStatus): void {
    if (next === this.status) return;
    this.status = next;
    for (const listener of this.statusListeners) listener();
  }

  private clearTimers(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    if (this.reauthTimer !== null) clearTimeout(this.reauthTimer);
    this.reconnectTimer = null;
    this.reauthTimer = null;
  }

  private connectNow(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    void this.connect();
  }

  private scheduleReconnect(): void {
    if (!this.isStarted || this.reconnectTimer !== null) return;
    this.setStatus('offline');
    const delay = reconnectDelayMs(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
  }

  private async fetchToken() {
    const response = await apiRequest(REALTIME_PATHS.token, {
      schema: ZRealtimeTokenResponse,
      isErrorToastSuppressed: true,
    });
    this.iceServers = response.iceServers;
    return response;
  }

  private armReauth(expiresAt: string): void {
    if (this.reauthTimer !== null) clearTimeout(this.reauthTimer);
    const delay = Math.max(5_000, Date.parse(expiresAt) - Date.now() - REAUTH_LEAD_MS);
    this.reauthTimer = setTimeout(() => {
      this.fetchToken()
        .then((next) => {
          if (this.send({ kind: 'reauth', token: next.token })) this.armReauth(next.expiresAt);
        })
        .catch(() => this.socket?.close(4000, 'reauth failed'));
    }, delay);
  }

  private async connect(): Promise<void> {
    if (!this.isStarted || this.socket !== null) return;
    this.setStatus('connecting');
    let token: { token: string; expiresAt: string; lastSeq: number };
    try {
      token = await this.fetchToken();
    } catch (error) {
      // A refused token ends the session through the API client; nothing more to do here.
      if (isApiError(error) && (error.status === 401 || error.status === 403)) {
        this.setStatus('offline');
        return;
      }
      this.scheduleReconnect();
      return;
    }
    if (!this.isStarted || this.socket !== null) return;
    const socket = new WebSocket(socketUrl());
    this.socket = socket;
    socket.addEventListener('open', () => {
      socket.send(
        JSON.stringify({
          kind: 'hello',
          token: token.token,
          // A page's first socket asks for everything since its token was issued (not only new events), so
          // what the user did while the socket was opening (a profile completed, a question asked) still
          // reaches them; later sockets continue from the last event they saw.
          lastSeq: this.lastSeq ?? token.lastSeq,
          state: pageState(),
        } satisfies TRealtimeClientMessage),
      );
      this.armReauth(token.expiresAt);
    });
    socket.addEventListener('message', (event) => this.handleRaw(event.data));
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.reauthTimer !== null) clearTimeout(this.reauthTimer);
      this.reauthTimer = null;
      if (!this.isStarted) return;
      // A token refused again and again (session gone): stop instead of retrying forever.
      if (event.code === REALTIME_CLOSE.unauthorized && this.attempt > 3) {
        this.setStatus('offline');
        return;
      }
      this.scheduleReconnect();
    });
  }

  private handleRaw(data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: TRealtimeServerMessage;
    try {
      const result = ZRealtimeServerMessage.safeParse(JSON.parse(data));
      if (!result.success) return;
      parsed = result.data;
    } catch {
      return;
    }
    this.handleMessage(parsed);
  }

  private handleMessage(message: TRealtimeServerMessage): void {
    switch (message.kind) {
      case 'ready':
        this.attempt = 0;
        this.lastSeq = message.lastSeq;
        this.setStatus('live');
        // Presence subscriptions belong to a socket: a new one re-subscribes everything watched.
        if (this.watched.size > 0)
          this.send({ kind: 'presence.subscribe', userIds: [...this.watched.keys()] });
        break;
      case 'event':
        this.lastSeq = message.seq;
        for (const queryKey of invalidationKeys(message)) void queryClient.invalidateQueries({ queryKey });
        break;
      case 'resync':
        // Too much was missed: everything on screen is refetched.
        this.lastSeq = message.lastSeq;
        void queryClient.invalidateQueries();
        break;
      case 'presence':
        this.presence.set(message.userId, message);
        for (const listener of this.presenceListeners) listener();
        break;
      default:
        break;
    }
    for (const listener of this.listeners) listener(message);
  }
}

/** The tab's realtime connection. */
export const realtime = new RealtimeClient();
