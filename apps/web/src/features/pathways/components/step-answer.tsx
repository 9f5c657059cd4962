import type { TPathwayStep, TPathwayStepState } from '@commons/contract';
import type { RefObject } from 'react';
import type { TFlushAnswer } from '../use-step-autosave';
import { ChecklistAnswer } from './checklist-answer';
import { FileUploadAnswer } from './file-upload-answer';
import { ProfileQuestionAnswer } from './profile-question-answer';
import { ReflectionAnswer } from './reflection-answer';

/** The answer part of a step, by its kind; read, watched and opened steps have none. */
export function StepAnswer(props: {
  hubIdentifier: string;
  slug: string;
  step: TPathwayStep;
  state: TPathwayStepState;
  flushRef: RefObject<TFlushAnswer | null>;
}) {
  const { step } = props;
  const common = {
    hubIdentifier: props.hubIdentifier,
    slug: props.slug,
    state: props.state,
    isEditable: props.state.can.answer,
    flushRef: props.flushRef,
  };
  switch (step.kind) {
    case 'checklist':
      return <ChecklistAnswer {...common} step={step} />;
    case 'reflection':
      return <ReflectionAnswer {...common} step={step} />;
    case 'fileUpload':
      return <FileUploadAnswer {...common} step={step} />;
    case 'profileQuestion':
      return <ProfileQuestionAnswer {...common} step={step} />;
    default:
      return null;
  }
}
