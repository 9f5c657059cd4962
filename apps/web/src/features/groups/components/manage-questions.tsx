import type { TGroupDetail, TProgramQuestion } from '@commons/contract';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useQuestionAction } from '../api/group-admin-api';
import { useProgramQuestions } from '../api/groups-api';

const TYPE_LABELS: Record<TProgramQuestion['questionType'], string> = {
  text: 'Text',
  list: 'List',
  video: 'Video acknowledgment',
  switch: 'Yes or no',
};
const EMPTY = {
  name: '',
  questionType: 'list' as TProgramQuestion['questionType'],
  audience: 'both' as TProgramQuestion['audience'],
  options: '',
  allowsMultiple: false,
  isRequired: false,
  matchingWeight: 1,
};

/** The form of a new registration question. */
function NewQuestionForm({ group }: { group: TGroupDetail }) {
  const action = useQuestionAction(group.identifier);
  const [draft, setDraft] = useState(EMPTY);
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    action.mutate(
      {
        kind: 'create',
        body: {
          questionType: draft.questionType,
          audience: draft.audience,
          texts: { [draft.audience]: { name: draft.name } },
          options:
            draft.questionType === 'list'
              ? draft.options
                  .split('\n')
                  .map((o) => o.trim())
                  .filter(Boolean)
              : [],
          allowsMultiple: draft.allowsMultiple,
          isRequired: draft.isRequired,
          matchingWeight: draft.matchingWeight,
        },
      },
      {
        onSuccess: () => {
          setDraft(EMPTY);
          notifications.show({ message: 'Question added.' });
        },
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} aria-label="New question" noValidate>
      <Fieldset legend="Add a question">
        <Stack>
          <TextInput
            label="Question"
            required
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
          <Group grow>
            <Select
              label="Type"
              allowDeselect={false}
              value={draft.questionType}
              onChange={(v) =>
                setDraft({ ...draft, questionType: (v ?? 'text') as TProgramQuestion['questionType'] })
              }
              data={Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            />
            <Select
              label="Asked of"
              allowDeselect={false}
              value={draft.audience}
              onChange={(v) =>
                setDraft({ ...draft, audience: (v ?? 'both') as TProgramQuestion['audience'] })
              }
              data={[
                { value: 'both', label: 'Everyone' },
                { value: 'mentee', label: group.roleLabels.mentees },
                { value: 'mentor', label: group.roleLabels.mentors },
              ]}
            />
          </Group>
          {draft.questionType === 'list' ? (
            <>
              <Textarea
                label="Options (one per line)"
                autosize
                minRows={3}
                value={draft.options}
                onChange={(e) => setDraft({ ...draft, options: e.currentTarget.value })}
              />
              <Checkbox
                label="Several answers allowed"
                checked={draft.allowsMultiple}
                onChange={(e) => setDraft({ ...draft, allowsMultiple: e.currentTarget.checked })}
              />
            </>
          ) : null}
          <Checkbox
            label="Required"
            checked={draft.isRequired}
            onChange={(e) => setDraft({ ...draft, isRequired: e.currentTarget.checked })}
          />
          <NumberInput
            label="Matching weight"
            description="0 ignores the question in auto-matching; 5 counts most"
            min={0}
            max={5}
            value={draft.matchingWeight}
            onChange={(v) => setDraft({ ...draft, matchingWeight: typeof v === 'number' ? v : 0 })}
          />
          <ErrorAlert error={action.error} />
          <Group>
            <Button type="submit" loading={action.isPending}>
              Add question
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}

/** A program's registration questions: the list with retire buttons and a form to add one (issue #6 Group admin). */
export function ManageQuestions({ group }: { group: TGroupDetail }) {
  const questions = useProgramQuestions(group.identifier);
  const action = useQuestionAction(group.identifier);
  if (questions.isPending) return <LoadingState />;
  if (questions.isError)
    return <ErrorState error={questions.error} onRetry={() => void questions.refetch()} />;
  return (
    <Stack gap="md">
      {questions.data.length === 0 ? (
        <EmptyState title="No registration questions yet">
          Questions with a matching weight feed the auto-matching.
        </EmptyState>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label="Registration questions"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {questions.data.map((q) => {
            const name = q.texts.both?.name ?? q.texts.mentee?.name ?? q.texts.mentor?.name ?? '';
            return (
              <Paper withBorder p="sm" radius="md" component="li" key={q.id}>
                <Group justify="space-between">
                  <Stack gap={2}>
                    <Text fw={600}>{name}</Text>
                    <Text size="sm" c="dimmed">
                      {TYPE_LABELS[q.questionType]}
                      {q.options.length > 0 ? `: ${q.options.join(', ')}` : ''} ·{' '}
                      {q.isRequired ? 'required' : 'optional'} · matching weight {q.matchingWeight}
                    </Text>
                  </Stack>
                  {group.can.manage ? (
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      aria-label={`Remove question ${name}`}
                      onClick={() => action.mutate({ kind: 'delete', questionId: q.id })}
                    >
                      Remove
                    </Button>
                  ) : null}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {group.can.manage ? <NewQuestionForm group={group} /> : null}
    </Stack>
  );
}
