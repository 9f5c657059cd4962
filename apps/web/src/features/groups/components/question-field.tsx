import type { TProgramQuestion, TProgramRole } from '@commons/contract';
import { Anchor, Checkbox, MultiSelect, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { questionField, questionTexts, type TAnswerDraft } from '../registration-form';

/**
 * One registration question (spec 5 Program question fields): a select, or a multi-select when
 * several answers are allowed; a video to watch with a yes acknowledgment; a switch; or text. The
 * placeholder is the question's when not blank, else 'Select...' or 'Search Options...'.
 */
export function QuestionField(props: {
  question: TProgramQuestion;
  role: TProgramRole;
  value: TAnswerDraft;
  error: string | undefined;
  onChange: (value: TAnswerDraft) => void;
}) {
  const { question } = props;
  const field = questionField(question, props.role);
  const texts = questionTexts(question, props.role);
  const common = {
    label: texts.name,
    description: texts.description,
    required: field.isRequired,
    error: props.error,
  };
  switch (field.control) {
    case 'select':
      return (
        <Select
          {...common}
          data={question.options}
          placeholder={field.placeholder}
          value={typeof props.value === 'string' ? props.value : null}
          onChange={(value) => props.onChange(value)}
          clearable={!field.isRequired}
        />
      );
    case 'multiSelect':
      return (
        <MultiSelect
          {...common}
          data={question.options}
          placeholder={field.placeholder}
          searchable
          value={Array.isArray(props.value) ? props.value : []}
          onChange={(value) => props.onChange(value)}
        />
      );
    case 'acknowledgment':
      return (
        <Stack gap={4}>
          {question.videoUrl === null ? null : (
            <Text size="sm">
              <Anchor href={question.videoUrl} target="_blank" rel="noopener noreferrer">
                Watch the video (opens in a new tab)
              </Anchor>
            </Text>
          )}
          <Checkbox
            label={texts.name}
            description={texts.description}
            required={field.isRequired}
            error={props.error}
            checked={props.value === true}
            onChange={(event) => props.onChange(event.currentTarget.checked)}
          />
        </Stack>
      );
    case 'switch':
      return (
        <Switch
          label={texts.name}
          description={texts.description}
          error={props.error}
          checked={props.value === true}
          onChange={(event) => props.onChange(event.currentTarget.checked)}
        />
      );
    default:
      return (
        <Textarea
          {...common}
          placeholder={field.placeholder === '' ? undefined : field.placeholder}
          autosize
          minRows={2}
          maxLength={2000}
          value={typeof props.value === 'string' ? props.value : ''}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        />
      );
  }
}
