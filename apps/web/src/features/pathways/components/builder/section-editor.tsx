import type { TPathwayStepKind, TProfileQuestion } from '@commons/contract';
import { PATHWAY_LIMITS, PATHWAY_STEP_KINDS } from '@commons/domain';
import { Button, Group, NativeSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { emptyStep, moved, type TSectionDraft } from '../../builder-values';
import { STEP_KIND_LABELS } from '../../pathway-steps';
import { RowActions } from './row-actions';
import { StepEditor } from './step-editor';

/** One section of the builder: its title, description and steps, with adding, moving and removing steps. */
export function SectionEditor(props: {
  section: TSectionDraft;
  index: number;
  count: number;
  questions: TProfileQuestion[] | undefined;
  errorOf: (path: string) => string | undefined;
  onChange: (section: TSectionDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { section, index, errorOf } = props;
  const [newKind, setNewKind] = useState<TPathwayStepKind>('richText');
  const path = `form.sections.${index}`;
  const number = index + 1;
  const headingId = `builder-section-${section.key}`;
  const set = (patch: Partial<TSectionDraft>) => props.onChange({ ...section, ...patch });
  const name = `section ${number}${section.title.trim() === '' ? '' : ` (${section.title.trim()})`}`;
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id={headingId}>
            Section {number}
          </Title>
          <RowActions
            name={name}
            index={index}
            count={props.count}
            onMove={props.onMove}
            onRemove={props.onRemove}
            canRemove={props.count > 1}
          />
        </Group>
        <TextInput
          label="Section title"
          required
          maxLength={PATHWAY_LIMITS.titleMaxLength}
          value={section.title}
          onChange={(event) => set({ title: event.currentTarget.value })}
          error={errorOf(`${path}.title`)}
        />
        <Textarea
          label="Description (optional)"
          autosize
          minRows={2}
          maxLength={2000}
          value={section.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          error={errorOf(`${path}.description`)}
        />
        <Stack
          component="ol"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={`Steps of section ${number}`}
        >
          {section.steps.map((step, stepIndex) => (
            <StepEditor
              key={step.key}
              step={step}
              path={`${path}.steps.${stepIndex}`}
              number={`${number}.${stepIndex + 1}`}
              index={stepIndex}
              count={section.steps.length}
              questions={props.questions}
              errorOf={errorOf}
              onChange={(next) =>
                set({ steps: section.steps.map((other) => (other.key === step.key ? next : other)) })
              }
              onMove={(by) => set({ steps: moved(section.steps, stepIndex, by) })}
              onRemove={() => set({ steps: section.steps.filter((other) => other.key !== step.key) })}
            />
          ))}
        </Stack>
        {errorOf(`${path}.steps`) === undefined ? null : (
          <Text size="sm" c="red.9">
            {errorOf(`${path}.steps`)}
          </Text>
        )}
        <Group gap="xs" align="flex-end">
          <NativeSelect
            label={`Kind of the new step in section ${number}`}
            value={newKind}
            onChange={(event) => setNewKind(event.currentTarget.value as TPathwayStepKind)}
            data={PATHWAY_STEP_KINDS.map((kind) => ({ value: kind, label: STEP_KIND_LABELS[kind] }))}
          />
          <Button
            variant="outline"
            disabled={section.steps.length >= PATHWAY_LIMITS.maxStepsPerSection}
            onClick={() => set({ steps: [...section.steps, emptyStep(newKind)] })}
          >
            Add a step
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
