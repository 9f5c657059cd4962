import type { FastifyBaseLogger } from 'fastify';

/** An outbox relay's runner: kicked after a commit, swept on a short timer, drained by tests. */
export type TKickedRunner = {
  /** Runs soon (after a commit that queued rows); a kick during a run runs once more right after it. */
  kick(): void;
  /** Runs until what is pending now is handled and resolves with the count (tests, jobs). */
  drain(): Promise<number>;
  stop(): void;
};

/**
 * One run at a time of `runOnce`, kicked for latency and swept every `intervalMs` for what a kick missed (another
 * process's commit, a failed delivery). The sweep is part of the relay, not a job: it must stay seconds-short, and
 * every process relays its own kicks (ADR 0005).
 */
export function createKickedRunner(deps: {
  runOnce: () => Promise<number>;
  intervalMs: number;
  log: FastifyBaseLogger;
  name: string;
}): TKickedRunner {
  let running: Promise<number> | null = null;
  let isKickedDuringRun = false;
  let isStopped = false;

  function run(): Promise<number> {
    if (running) {
      isKickedDuringRun = true;
      return running;
    }
    running = deps
      .runOnce()
      .catch((error: unknown) => {
        deps.log.error({ err: error }, `${deps.name} run failed`);
        return 0;
      })
      .finally(() => {
        running = null;
        // A commit that landed while the claim query ran is picked up right away, not on the timer.
        if (isKickedDuringRun && !isStopped) {
          isKickedDuringRun = false;
          void run();
        }
      });
    return running;
  }

  const timer = setInterval(() => {
    if (!isStopped) void run();
  }, deps.intervalMs);
  timer.unref();

  return {
    kick: () => {
      if (!isStopped) setImmediate(() => void run());
    },
    drain: async () => {
      if (running) await running;
      return run();
    },
    stop: () => {
      isStopped = true;
      clearInterval(timer);
    },
  };
}
