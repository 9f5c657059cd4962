/**
 * Where an autosaved answer stands: nothing typed yet (idle), typed and about to save (pending), on its way
 * (saving), on the server (saved), kept but not savable yet under spec 5 (unsaved: an answer under 50 or over
 * 1000 characters), or refused or unreachable (error: kept, and sent again on retry or the next edit).
 */
export type TAutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'unsaved' | 'error';

/** What the server answered to one save. */
export interface TAutosaveAnswer {
  isSaved: boolean;
  isDirty: boolean;
}

/** One autosaved answer: `change` on every edit, `flush` before leaving or submitting, `dispose` when it goes. */
export interface TAutosaver<T> {
  change: (value: T) => void;
  /** Sends what waits now; true once everything arrived (false after a failure). */
  flush: () => Promise<boolean>;
  /** Stops the timer and still sends a waiting value (unless the last save failed). */
  dispose: () => void;
}

/**
 * Autosave of one answer (issue #20 item 1, spec 5 Profile answer saving): each change waits `delayMs` for the
 * next, then the latest value is sent; saves never overlap, and a value changed meanwhile is sent after the one on
 * its way. A failed save keeps its value until the retry (flush) or the next edit.
 */
export function createAutosaver<T, A extends TAutosaveAnswer>(options: {
  save: (value: T) => Promise<A>;
  onAnswer: (answer: A) => void;
  onStatus: (status: TAutosaveStatus, error: unknown) => void;
  delayMs: number;
}): TAutosaver<T> {
  let waiting: { value: T } | null = null;
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let hasFailed = false;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const sendOne = async (next: { value: T }): Promise<void> => {
    options.onStatus('saving', null);
    try {
      const answer = await options.save(next.value);
      options.onAnswer(answer);
      if (waiting === null) options.onStatus(answer.isDirty && !answer.isSaved ? 'unsaved' : 'saved', null);
    } catch (cause) {
      // Kept for the retry or the next edit: the newer value, if one came meanwhile, else this one.
      waiting ??= next;
      hasFailed = true;
      options.onStatus('error', cause);
    }
  };

  const drain = async (): Promise<void> => {
    for (;;) {
      if (running !== null) {
        await running;
        continue;
      }
      const next = waiting;
      if (next === null || hasFailed) return;
      waiting = null;
      running = sendOne(next).finally(() => {
        running = null;
      });
    }
  };

  return {
    change: (value) => {
      waiting = { value };
      hasFailed = false;
      options.onStatus('pending', null);
      clearTimer();
      timer = setTimeout(() => {
        timer = null;
        void drain();
      }, options.delayMs);
    },
    flush: async () => {
      clearTimer();
      hasFailed = false;
      await drain();
      return !hasFailed;
    },
    dispose: () => {
      clearTimer();
      if (waiting !== null && !hasFailed) void drain();
    },
  };
}
