import type { TCareerAdviceSection } from '@commons/contract';
import { CAREER_STORY_MAX_VALUE_LENGTH } from '@commons/domain';
import { Alert, Divider, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { errorText } from '../../../components/error-state';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { useSaveCareerStories } from '../api/save-career-stories';
import {
  areCareerStoryDraftsDirty,
  careerStoriesRequestOf,
  careerStoryDraftsOf,
  careerStoryErrorsByPrompt,
  careerStoryNudgeMessages,
  validateCareerStories,
  type TCareerStoryDraft,
} from '../utils/career-stories';
import { CareerStoryAudioEditor } from './career-story-audio-editor';
import { EditorActions } from './editor-actions';

/** The wall clock of the nudge timer (read in event handlers and the interval only). */
const clockNow = (): number => Date.now();

/**
 * The owner's career stories editor (spec 2 careerAdvice): per prompt a story with live writing nudges
 * (spec 5 Career story nudges; the clock starts at the first focus, messages are announced politely),
 * a link, and an audio answer to upload or record. Text and links save with PUT; audio saves at once.
 */
export function CareerAdviceSectionEditor(props: {
  section: TCareerAdviceSection;
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const { onDirtyChange } = props;
  const saved = useMemo(() => careerStoryDraftsOf(props.section), [props.section]);
  const promptIds = useMemo(() => props.section.prompts.map((p) => p.id), [props.section]);
  const [drafts, setDrafts] = useState<Record<string, TCareerStoryDraft>>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [startedAt, setStartedAt] = useState<Record<string, number>>({});
  const [now, setNow] = useState(clockNow);
  const [pendingAudio, setPendingAudio] = useState<Record<string, boolean>>({});
  const save = useSaveCareerStories();

  const isTiming = Object.keys(startedAt).length > 0;
  useEffect(() => {
    if (!isTiming) return undefined;
    const timer = window.setInterval(() => setNow(clockNow()), 1000);
    return () => window.clearInterval(timer);
  }, [isTiming]);

  const isDirty = areCareerStoryDraftsDirty(saved, drafts) || Object.values(pendingAudio).some(Boolean);
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const handlePendingAudio = useCallback((promptId: string, isPending: boolean) => {
    setPendingAudio((current) =>
      current[promptId] === isPending ? current : { ...current, [promptId]: isPending },
    );
  }, []);

  const handleChange = (promptId: string, field: keyof TCareerStoryDraft, value: string) => {
    setDrafts((current) => ({
      ...current,
      [promptId]: { value: '', link: '', ...current[promptId], [field]: value },
    }));
  };

  const handleFocus = (promptId: string) => {
    if (startedAt[promptId] !== undefined) return;
    const at = clockNow();
    setStartedAt((current) => ({ ...current, [promptId]: at }));
    setNow(at);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const request = careerStoriesRequestOf(promptIds, drafts);
    const found = validateCareerStories(promptIds, request);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalidField(formElement);
    save.mutate(request, {
      onSuccess: () => {
        onDirtyChange(false);
        props.onDone();
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        setErrors(careerStoryErrorsByPrompt(promptIds, error.fields));
        focusFirstInvalidField(formElement);
      },
    });
  };

  const handleCancel = () => {
    onDirtyChange(false);
    props.onDone();
  };

  const errorCount = Object.keys(errors).length;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Text c="dimmed">
          Share what you have learned. Students see the questions you answer on your profile.
        </Text>
        <div aria-live="assertive">
          {errorCount > 0 ? (
            <Alert color="red" variant="outline" title="Please check the highlighted fields">
              Each problem is shown next to its field.
            </Alert>
          ) : save.isError && !isApiError(save.error) ? (
            <Alert color="red" variant="outline" title="Your career stories were not saved">
              {errorText(save.error)}
            </Alert>
          ) : null}
        </div>
        {props.section.prompts.map((prompt, index) => {
          const draft = drafts[prompt.id] ?? { value: '', link: '' };
          const nudges = careerStoryNudgeMessages({
            text: draft.value,
            startedAt: startedAt[prompt.id] ?? null,
            now,
          });
          const headingId = `career-story-edit-${prompt.id}`;
          return (
            <section key={prompt.id} aria-labelledby={headingId}>
              {index > 0 ? <Divider mb="lg" /> : null}
              <Title order={3} size="h4" id={headingId} mb="xs">
                {prompt.text}
              </Title>
              <Stack gap="sm">
                <Textarea
                  label="Your story"
                  autosize
                  minRows={4}
                  maxLength={CAREER_STORY_MAX_VALUE_LENGTH}
                  value={draft.value}
                  error={errors[`${prompt.id}.value`]}
                  onFocus={() => handleFocus(prompt.id)}
                  onChange={(event) => handleChange(prompt.id, 'value', event.currentTarget.value)}
                />
                <div aria-live="polite" aria-atomic="true" data-testid={`career-story-nudges-${prompt.id}`}>
                  {nudges.map((nudge) => (
                    <Text key={nudge} size="sm">
                      {nudge}
                    </Text>
                  ))}
                </div>
                <TextInput
                  label="Link (optional)"
                  description="A page that tells more, starting with https://"
                  type="url"
                  value={draft.link}
                  error={errors[`${prompt.id}.link`]}
                  onChange={(event) => handleChange(prompt.id, 'link', event.currentTarget.value)}
                />
                <CareerStoryAudioEditor
                  promptId={prompt.id}
                  promptText={prompt.text}
                  item={prompt.item}
                  onPendingChange={(isPending) => handlePendingAudio(prompt.id, isPending)}
                />
              </Stack>
            </section>
          );
        })}
      </Stack>
      <EditorActions isSaving={save.isPending} onCancel={handleCancel} />
    </form>
  );
}
