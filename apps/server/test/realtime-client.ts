import { REALTIME_PATHS, type TRealtimeClientMessage, type TRealtimeServerMessage } from '@commons/contract';
import { WebSocket } from 'ws';

/** A WebSocket client for tests: records every server message and waits for the ones a test expects. */
export class TestRealtimeClient {
  readonly messages: TRealtimeServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];

  constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      this.messages.push(JSON.parse(String(raw)) as TRealtimeServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  /** Over a real port (two-process tests), with the cluster's host name in the Host header. */
  static async connect(options: { port: number; host: string }): Promise<TestRealtimeClient> {
    const socket = new WebSocket(`ws://127.0.0.1:${options.port}${REALTIME_PATHS.socket}`, {
      headers: { host: options.host },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new TestRealtimeClient(socket);
  }

  send(message: TRealtimeClientMessage | Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Says hello and waits for `ready`. */
  async hello(
    token: string,
    lastSeq: number | null = null,
    state: 'online' | 'away' = 'online',
  ): Promise<Extract<TRealtimeServerMessage, { kind: 'ready' }>> {
    this.send({ kind: 'hello', token, lastSeq, state });
    return this.waitFor((m): m is Extract<TRealtimeServerMessage, { kind: 'ready' }> => m.kind === 'ready');
  }

  /** The first message (already received or coming) that matches, or a rejection after `timeoutMs`. */
  async waitFor<T extends TRealtimeServerMessage>(
    match: (m: TRealtimeServerMessage) => m is T,
    timeoutMs?: number,
  ): Promise<T>;
  async waitFor(
    match: (m: TRealtimeServerMessage) => boolean,
    timeoutMs?: number,
  ): Promise<TRealtimeServerMessage>;
  async waitFor(
    match: (m: TRealtimeServerMessage) => boolean,
    timeoutMs = 3000,
  ): Promise<TRealtimeServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no matching realtime message in ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Events received so far, in order. */
  events(): Array<Extract<TRealtimeServerMessage, { kind: 'event' }>> {
    return this.messages.filter(
      (m): m is Extract<TRealtimeServerMessage, { kind: 'event' }> => m.kind === 'event',
    );
  }

  async close(): Promise<void> {
    if (this.socket.readyState === this.socket.CLOSED) return;
    this.socket.close();
    await this.closed;
  }
}

/** Lets pending I/O (relay, bus, sockets) run for `ms`. */
export function settle(ms = 100): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
