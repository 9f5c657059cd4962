import type { TSaveStepAnswerRequest } from '@commons/contract';
import { useEffect, type RefObject } from 'react';
import { saveStepAnswer, useStoreStepState, type TStepSaveResult } from './api/pathways';
import { useAutosave } from './use-autosave';

/** What the step page asks of the answer on screen before it submits: send what waits, and say if it arrived. */
export type TFlushAnswer = () => Promise<boolean>;

/**
 * Autosave of one step's answer (PUT /api/pathways/{slug}/steps/{stepId}/answer): every answer's step state goes
 * into the pathway's query; the step page's `flushRef` is pointed at this answer's flush.
 */
export function useStepAutosave(options: {
  hubIdentifier: string;
  slug: string;
  stepId: string;
  delayMs: number;
  flushRef: RefObject<TFlushAnswer | null>;
}) {
  const { hubIdentifier, slug, stepId, flushRef } = options;
  const storeStepState = useStoreStepState(hubIdentifier, slug);
  const autosave = useAutosave<TSaveStepAnswerRequest['value'], TStepSaveResult>({
    save: (value) => saveStepAnswer({ hubIdentifier, slug, stepId, value }),
    onAnswer: (answer) => storeStepState(stepId, answer.state),
    delayMs: options.delayMs,
  });
  const { flush } = autosave;
  useEffect(() => {
    flushRef.current = flush;
    return () => {
      if (flushRef.current === flush) flushRef.current = null;
    };
  }, [flush, flushRef]);
  return autosave;
}
