import type { TActionItemReflectionPrompt } from '@commons/contract';
import { Button, Group, Paper, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { useSaveActionItemReflection } from '../api/action-items';

/** The longest answer the server keeps (contract ZSaveActionItemReflectionRequest). */
const MAX_REFLECTION_LENGTH = 2000;

function ReflectionCard(props: { prompt: TActionItemReflectionPrompt; hubIdentifier: string }) {
  const { prompt } = props;
  const save = useSaveActionItemReflection(props.hubIdentifier);
  const [answer, setAnswer] = useState('');
  const [pending, setPending] = useState<'save' | 'skip' | null>(null);
  const fieldId = `reflection-${prompt.type}`;
  const handleSave = (reflection: string | null) => {
    setPending(reflection === null ? 'skip' : 'save');
    save.mutate({ type: prompt.type, reflection }, { onSettled: () => setPending(null) });
  };
  const fieldError = isApiError(save.error) ? save.error.fields['reflection'] : undefined;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={`${fieldId}-title`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          handleSave(answer);
        }}
      >
        <Stack gap="xs">
          <Text size="xs" fw={700} tt="uppercase" c="teal.9">
            Completed
          </Text>
          <Title order={3} size="h4" id={`${fieldId}-title`} style={{ overflowWrap: 'anywhere' }}>
            {prompt.title}
          </Title>
          <Textarea
            id={fieldId}
            label={prompt.prompt}
            description="Answering is optional; your answer is kept with this step."
            autosize
            minRows={2}
            maxLength={MAX_REFLECTION_LENGTH}
            value={answer}
            onChange={(event) => setAnswer(event.currentTarget.value)}
            error={fieldError}
          />
          {fieldError === undefined ? <ErrorAlert error={save.error} /> : null}
          <Group gap="xs">
            <Button type="submit" size="sm" loading={pending === 'save'} disabled={answer.trim() === ''}>
              Save answer<VisuallyHidden component="span">: {prompt.title}</VisuallyHidden>
            </Button>
            <Button variant="default" size="sm" loading={pending === 'skip'} onClick={() => handleSave(null)}>
              Skip<VisuallyHidden component="span">: {prompt.title}</VisuallyHidden>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * The reflection prompts of items the viewer completed (spec 3: the admins' reflection prompt): each asks
 * its question once, with a text area to answer or a Skip; either way it leaves the list.
 */
export function ActionItemReflections(props: {
  reflections: readonly TActionItemReflectionPrompt[];
  hubIdentifier: string;
}) {
  if (props.reflections.length === 0) return null;
  return (
    <Stack gap="sm" role="list" aria-label="Reflect on your completed steps">
      {props.reflections.map((prompt) => (
        <div role="listitem" key={prompt.type}>
          <ReflectionCard prompt={prompt} hubIdentifier={props.hubIdentifier} />
        </div>
      ))}
    </Stack>
  );
}
