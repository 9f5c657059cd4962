import { useCallback, useEffect, useRef, useState } from 'react';
import { createAutosaver, type TAutosaveAnswer, type TAutosaveStatus, type TAutosaver } from './autosaver';

/**
 * An answer autosaved while the component shows it (autosaver.ts): its status and failure for the page, `change`
 * on each edit, `flush` (also `retry`) before submitting. On unmount a waiting value is still sent, so moving to
 * the next step loses nothing; `onAnswer` runs for every answer, also after the component is gone.
 */
export function useAutosave<T, A extends TAutosaveAnswer>(options: {
  save: (value: T) => Promise<A>;
  onAnswer: (answer: A) => void;
  delayMs: number;
}) {
  const [state, setState] = useState<{ status: TAutosaveStatus; error: unknown }>({
    status: 'idle',
    error: null,
  });
  const latest = useRef(options);
  const saverRef = useRef<TAutosaver<T> | null>(null);
  useEffect(() => {
    latest.current = options;
  });
  const { delayMs } = options;
  useEffect(() => {
    let isMounted = true;
    const saver = createAutosaver<T, A>({
      save: (value) => latest.current.save(value),
      onAnswer: (answer) => latest.current.onAnswer(answer),
      onStatus: (status, error) => {
        if (isMounted) setState({ status, error });
      },
      delayMs,
    });
    saverRef.current = saver;
    return () => {
      isMounted = false;
      saver.dispose();
      if (saverRef.current === saver) saverRef.current = null;
    };
  }, [delayMs]);
  const change = useCallback((value: T) => saverRef.current?.change(value), []);
  const flush = useCallback(() => saverRef.current?.flush() ?? Promise.resolve(true), []);
  return { status: state.status, error: state.error, change, flush, retry: flush };
}

export type { TAutosaveStatus };
