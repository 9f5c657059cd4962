import type { TPathwayStepKind, TProfileQuestion } from '@commons/contract';
import { PATHWAY_STEP_KINDS } from '@commons/domain';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { RichTextEditor } from '../../../../components/rich-text-editor';
import { emptyItem, emptyStep, type TStepDraft } from '../../builder-values';
import { STEP_KIND_LABELS } from '../../pathway-steps';
import { RowActions } from './row-actions';

/** One step of the builder: its kind, title, review flag and its kind's fields. */
export function StepEditor(props: {
  step: TStepDraft;
  /** Field path of the step, as the server names errors: form.sections.{i}.steps.{j}. */
  path: string;
  number: string;
  index: number;
  count: number;
  questions: TProfileQuestion[] | undefined;
  errorOf: (path: string) => string | undefined;
  onChange: (step: TStepDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { step, path, errorOf } = props;
  const set = (patch: Partial<TStepDraft>) => props.onChange({ ...step, ...patch });
  const name = `step ${props.number}${step.title.trim() === '' ? '' : ` (${step.title.trim()})`}`;
  const handleKind = (kind: TPathwayStepKind) => {
    // Another kind is another step: its answers would not fit, so it gets a new id.
    props.onChange({ ...emptyStep(kind), key: step.key, title: step.title, needsReview: step.needsReview });
  };
  let fields;
  switch (step.kind) {
    case 'richText':
      fields = (
        <RichTextEditor
          label="Text"
          value={step.body}
          onChange={(body) => set({ body })}
          error={errorOf(`${path}.body`) ?? null}
          isMentionEnabled={false}
        />
      );
      break;
    case 'video':
      fields = (
        <>
          <TextInput
            label="Video embed address"
            description="The embed address of a video on an approved host, such as https://www.youtube.com/embed/… or https://player.vimeo.com/video/…"
            required
            value={step.url}
            onChange={(event) => set({ url: event.currentTarget.value })}
            error={errorOf(`${path}.url`)}
          />
          <Textarea
            label="Caption (optional)"
            autosize
            minRows={2}
            maxLength={1000}
            value={step.caption}
            onChange={(event) => set({ caption: event.currentTarget.value })}
            error={errorOf(`${path}.caption`)}
          />
        </>
      );
      break;
    case 'link':
      fields = (
        <>
          <TextInput
            label="Web address"
            required
            value={step.url}
            onChange={(event) => set({ url: event.currentTarget.value })}
            error={errorOf(`${path}.url`)}
          />
          <TextInput
            label="Link text (optional)"
            description="The address shows when this is empty."
            maxLength={200}
            value={step.label}
            onChange={(event) => set({ label: event.currentTarget.value })}
            error={errorOf(`${path}.label`)}
          />
          <Textarea
            label="Why open it (optional)"
            autosize
            minRows={2}
            maxLength={1000}
            value={step.description}
            onChange={(event) => set({ description: event.currentTarget.value })}
            error={errorOf(`${path}.description`)}
          />
        </>
      );
      break;
    case 'fileUpload':
      fields = (
        <Textarea
          label="What to upload (optional)"
          description="Members upload a PDF or Word document of at most 10 MB."
          autosize
          minRows={2}
          maxLength={2000}
          value={step.instructions}
          onChange={(event) => set({ instructions: event.currentTarget.value })}
          error={errorOf(`${path}.instructions`)}
        />
      );
      break;
    case 'profileQuestion':
      fields = (
        <NativeSelect
          label="Profile question"
          description="The member's answer is their profile answer to this question."
          required
          value={step.questionId}
          onChange={(event) => set({ questionId: event.currentTarget.value })}
          error={errorOf(`${path}.questionId`)}
          data={[
            {
              value: '',
              label: props.questions === undefined ? 'Loading the questions…' : 'Choose a question',
            },
            ...(props.questions ?? []).map((question) => ({ value: question.id, label: question.name })),
          ]}
        />
      );
      break;
    case 'checklist':
      fields = (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Items
          </Text>
          {step.items.map((item, itemIndex) => (
            <Group key={item.key} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={`Item ${itemIndex + 1}`}
                maxLength={300}
                value={item.label}
                onChange={(event) =>
                  set({
                    items: step.items.map((other) =>
                      other.key === item.key ? { ...other, label: event.currentTarget.value } : other,
                    ),
                  })
                }
                error={errorOf(`${path}.items.${itemIndex}.label`)}
              />
              <Button
                mt={26}
                size="compact-sm"
                variant="outline"
                color="red.9"
                aria-label={`Remove item ${itemIndex + 1}`}
                disabled={step.items.length === 1}
                onClick={() => set({ items: step.items.filter((other) => other.key !== item.key) })}
              >
                Remove
              </Button>
            </Group>
          ))}
          {errorOf(`${path}.items`) === undefined ? null : (
            <Text size="sm" c="red.9">
              {errorOf(`${path}.items`)}
            </Text>
          )}
          <Group>
            <Button
              size="compact-sm"
              variant="outline"
              onClick={() => set({ items: [...step.items, emptyItem()] })}
            >
              Add an item
            </Button>
          </Group>
        </Stack>
      );
      break;
    case 'reflection':
      fields = (
        <Textarea
          label="Prompt"
          description="The question members reflect on; answers of 50 to 1000 characters are saved."
          required
          autosize
          minRows={2}
          maxLength={2000}
          value={step.prompt}
          onChange={(event) => set({ prompt: event.currentTarget.value })}
          error={errorOf(`${path}.prompt`)}
        />
      );
      break;
  }
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={`Step ${props.number}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>Step {props.number}</Text>
          <RowActions
            name={name}
            index={props.index}
            count={props.count}
            onMove={props.onMove}
            onRemove={props.onRemove}
            canRemove={props.count > 1}
          />
        </Group>
        <NativeSelect
          label="Kind of step"
          value={step.kind}
          onChange={(event) => handleKind(event.currentTarget.value as TPathwayStepKind)}
          data={PATHWAY_STEP_KINDS.map((kind) => ({ value: kind, label: STEP_KIND_LABELS[kind] }))}
        />
        <TextInput
          label="Step title"
          required
          maxLength={200}
          value={step.title}
          onChange={(event) => set({ title: event.currentTarget.value })}
          error={errorOf(`${path}.title`)}
        />
        {fields}
        <Checkbox
          label="Needs review"
          description="Once submitted, the step waits for an admin or the member's program mentor to approve it."
          checked={step.needsReview}
          onChange={(event) => set({ needsReview: event.currentTarget.checked })}
        />
      </Stack>
    </Paper>
  );
}
