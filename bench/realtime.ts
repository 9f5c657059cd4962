/**
 * Realtime fan-out benchmark (issue #8): N WebSocket clients (one per user, pairs of participants of a
 * conversation) say hello to the gateway; one participant of each pair sends messages through the HTTP API at
 * a fixed rate and every event that reaches a socket is timed from the send. With two processes each pair is
 * split across them, so every delivery to the other participant crosses Redis.
 */
import { REALTIME_PATHS } from '@commons/contract';
import { WebSocket } from 'ws';
import { signRealtimeToken } from '../apps/server/src/modules/realtime/realtime.tokens.js';

type TUser = { userId: string; familyId: string };
type TPair = { threadId: string; hubIdentifier: string; clusterId: string; a: TUser; b: TUser };

export type TRealtimeResult = {
  processes: number;
  clients: number;
  connectSeconds: number;
  sentPerSecond: number;
  deliveriesPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  p50FromSend: number;
  p99FromSend: number;
  lost: number;
  sendErrors: number;
  checks: Array<{ target: string; value: number; limit: number; pass: boolean; margin: string }>;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Connects every client, sends at `rate` messages/s for `seconds`, and measures delivery. */
export async function runRealtime(options: {
  ports: number[];
  users: TPair[];
  jwtSecret: string;
  rate: number;
  seconds: number;
  tokenFor: (user: TUser & { clusterId: string }) => Promise<string>;
}): Promise<TRealtimeResult> {
  const secret = new TextEncoder().encode(options.jwtSecret);
  const sockets: WebSocket[] = [];
  /** threadId → send start of the message in flight (one at a time per thread). */
  const inFlight = new Map<
    string,
    { at: number; committedAt: number | null; pending: number; received: number[] }
  >();
  const latencies: number[] = [];
  const fromSend: number[] = [];
  let deliveries = 0;

  const connectStarted = performance.now();
  const connect = async (user: TUser, clusterId: string, port: number): Promise<void> => {
    const { token } = await signRealtimeToken({
      secret,
      userId: user.userId,
      clusterId,
      sessionId: user.familyId,
      now: new Date(),
    });
    const socket = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATHS.socket}`, {
      headers: { host: 'localhost' },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('realtime hello timed out')), 60_000);
      socket.once('error', reject);
      socket.once('open', () =>
        socket.send(JSON.stringify({ kind: 'hello', token, lastSeq: null, state: 'online' })),
      );
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as {
          kind: string;
          type?: string;
          payload?: { threadId?: string };
        };
        if (message.kind === 'ready') {
          clearTimeout(timer);
          resolve();
          return;
        }
        if (message.kind !== 'event' || !message.payload?.threadId) return;
        const flight = inFlight.get(message.payload.threadId);
        if (!flight || !message.type?.includes('message')) return;
        flight.received.push(performance.now());
        deliveries++;
        flight.pending--;
      });
    });
  };
  // Connect in batches, so the gateway sees a realistic ramp instead of one burst of thousands of handshakes.
  for (let i = 0; i < options.users.length; i += 100) {
    await Promise.all(
      options.users
        .slice(i, i + 100)
        .flatMap((pair) => [
          connect(pair.a, pair.clusterId, options.ports[0] as number),
          connect(pair.b, pair.clusterId, options.ports[options.ports.length - 1] as number),
        ]),
    );
  }
  const connectSeconds = Math.round((performance.now() - connectStarted) / 100) / 10;

  const tokens = new Map<string, string>();
  for (const pair of options.users)
    tokens.set(pair.a.userId, await options.tokenFor({ ...pair.a, clusterId: pair.clusterId }));
  let sent = 0;
  let sendErrors = 0;
  let expected = 0;
  const interval = 1000 / options.rate;
  const started = performance.now();
  const pendingSends: Array<Promise<void>> = [];
  let index = 0;
  const flights: Array<{ at: number; committedAt: number | null; received: number[] }> = [];
  while (performance.now() - started < options.seconds * 1000) {
    const pair = options.users[index++ % options.users.length] as TPair;
    const flight: { at: number; committedAt: number | null; pending: number; received: number[] } = {
      at: performance.now(),
      committedAt: null,
      pending: 2,
      received: [],
    };
    flights.push(flight);
    inFlight.set(pair.threadId, flight);
    expected += 2;
    sent++;
    pendingSends.push(
      fetch(`http://127.0.0.1:${options.ports[0]}/api/inbox/threads/${pair.threadId}/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens.get(pair.a.userId)}`,
          'x-hub-id': pair.hubIdentifier,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ body: `<p>realtime bench ${sent}</p>` }),
      }).then(
        async (response) => {
          flight.committedAt = performance.now();
          await response.arrayBuffer();
          if (response.status >= 300) sendErrors++;
        },
        () => {
          sendErrors++;
        },
      ),
    );
    const wait = started + sent * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.all(pendingSends);
  await new Promise((r) => setTimeout(r, 3000)); // late deliveries
  const elapsed = (performance.now() - started) / 1000;
  for (const socket of sockets) socket.terminate();

  // Fan-out latency: from the send's response (its transaction committed) to the socket; end to end: from the send.
  for (const f of flights) {
    for (const at of f.received) {
      fromSend.push(at - f.at);
      if (f.committedAt !== null) latencies.push(Math.max(0, at - f.committedAt));
    }
  }
  latencies.sort((a, b) => a - b);
  fromSend.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    processes: options.ports.length,
    clients: sockets.length,
    connectSeconds,
    sentPerSecond: round(sent / options.seconds),
    deliveriesPerSecond: round(deliveries / elapsed),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    p50FromSend: round(percentile(fromSend, 50)),
    p99FromSend: round(percentile(fromSend, 99)),
    lost: Math.max(0, expected - deliveries),
    sendErrors,
    checks: [],
  };
}
