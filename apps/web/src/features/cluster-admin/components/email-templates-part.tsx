import type { TMailTemplate, TMailTemplatePlaceholder, TMailTemplateSummary } from '@commons/contract';
import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { RichTextView } from '../../../components/rich-text-editor';
import { UNSAVED_CHANGES_MESSAGE, UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime, useViewerTimeZone } from '../../../lib/viewer-time';
import {
  useEmailTemplate,
  useEmailTemplatePreview,
  useEmailTemplates,
  useResetEmailTemplate,
  useSaveEmailTemplate,
} from '../api/email-templates';

type TFields = Partial<Record<'subject' | 'body', string>>;
type TField = keyof TFields;

/** How long the editor waits after a keystroke before asking for a new preview. */
const PREVIEW_DEBOUNCE_MS = 400;

/** Writes `text` into the field at its selection (or at the end) and puts the caret after it. */
function insertAtCaret(
  element: HTMLInputElement | HTMLTextAreaElement | null,
  value: string,
  text: string,
): { value: string; caret: number } {
  const start = element?.selectionStart ?? value.length;
  const end = element?.selectionEnd ?? value.length;
  return { value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
}

/** The email as sent with sample values: subject and HTML part (escaped when rendered, sanitised by the server). */
function TemplatePreview(props: { preview: ReturnType<typeof useEmailTemplatePreview>; isEmpty: boolean }) {
  const { preview } = props;
  return (
    <Card withBorder component="section" aria-labelledby="email-template-preview-title" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={5} id="email-template-preview-title">
            Preview
          </Title>
          <Text size="sm" c="gray.7">
            With sample values
          </Text>
        </Group>
        {preview.isError ? (
          <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
        ) : preview.data === undefined ? (
          <Text size="sm" c="gray.7">
            {props.isEmpty ? 'Write a subject and a text to see the preview.' : 'Loading the preview…'}
          </Text>
        ) : (
          <>
            <Text size="sm" data-testid="email-template-preview-subject">
              <Text span fw={600}>
                Subject:
              </Text>{' '}
              {preview.data.subject}
            </Text>
            <Box
              p="sm"
              bg="white"
              data-testid="email-template-preview-body"
              style={{
                border: '1px solid var(--mantine-color-gray-4)',
                borderRadius: 4,
                overflowWrap: 'anywhere',
              }}
            >
              <RichTextView html={preview.data.html} />
            </Box>
          </>
        )}
      </Stack>
    </Card>
  );
}

function PlaceholderChips(props: {
  placeholders: TMailTemplatePlaceholder[];
  onInsert: (placeholder: string) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id="email-template-placeholders">
        Placeholders
      </Text>
      <Text size="xs" c="gray.7">
        Inserted where the cursor is, in the subject or the text (whichever you were last in).
      </Text>
      <Group gap={6} role="group" aria-labelledby="email-template-placeholders">
        {props.placeholders.map((placeholder) => (
          <Button
            key={placeholder.name}
            size="compact-sm"
            variant="light"
            radius="xl"
            title={placeholder.description}
            onClick={() => props.onInsert(`{{${placeholder.name}}}`)}
          >
            <VisuallyHidden>Insert </VisuallyHidden>
            {`{{${placeholder.name}}}`}
            <VisuallyHidden>: {placeholder.description}</VisuallyHidden>
            {placeholder.isRequired ? (
              <Text span size="xs" ml={4} c="inherit">
                (required)
              </Text>
            ) : null}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

function TemplateEditor(props: { template: TMailTemplate; onDone: () => void }) {
  const { template } = props;
  const current = template.override ?? template.default;
  const save = useSaveEmailTemplate(template.key);
  const reset = useResetEmailTemplate(template.key);
  const [subject, setSubject] = useState(current.subject);
  const [body, setBody] = useState(current.body);
  const [saved, setSaved] = useState(current);
  const [fields, setFields] = useState<TFields>({});
  const [isConfirmingReset, setIsConfirmingReset] = useState(false);
  const [isConfirmingLeave, setIsConfirmingLeave] = useState(false);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<TField>('body');
  const title = useRef<HTMLHeadingElement>(null);
  // The list the Edit button was in is gone: the keyboard continues at the editor's title.
  useEffect(() => title.current?.focus(), []);
  const [debounced] = useDebouncedValue({ subject, body }, PREVIEW_DEBOUNCE_MS);
  const preview = useEmailTemplatePreview(template.key, debounced);
  const isDirty = subject !== saved.subject || body !== saved.body;
  // What saving would refuse, as the user types; the answer of a refused save wins until the next edit.
  const problems = isDirty ? (preview.data?.problems ?? {}) : {};
  const shown: TFields = { ...problems, ...fields };

  const insert = (placeholder: string) => {
    const isSubject = lastField.current === 'subject';
    const element = isSubject ? subjectRef.current : bodyRef.current;
    const next = insertAtCaret(element, isSubject ? subject : body, placeholder);
    (isSubject ? setSubject : setBody)(next.value);
    setFields({});
    // After React wrote the value: the caret goes after the inserted placeholder.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    save.mutate(
      { subject, body },
      {
        onSuccess: (answer) => {
          const wording = answer.override ?? answer.default;
          setSaved(wording);
          setSubject(wording.subject);
          setBody(wording.body);
          notifications.show({ message: `“${template.label}” saved. The next emails use it.` });
        },
        onError: (error) => {
          if (isApiError(error)) setFields(error.fields);
        },
      },
    );
  };

  const handleReset = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setIsConfirmingReset(false);
        setSaved(template.default);
        setSubject(template.default.subject);
        setBody(template.default.body);
        setFields({});
        notifications.show({ message: `“${template.label}” is back to the default wording.` });
      },
    });

  return (
    <Stack gap="sm">
      <UnsavedChangesGuard isDirty={isDirty} />
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2}>
          <Title order={4} id="email-template-editor-title" ref={title} tabIndex={-1}>
            {template.label}
          </Title>
          <Text size="sm" c="gray.7">
            {template.description}
          </Text>
        </Stack>
        <Badge variant="outline" color={template.isCustomised ? 'teal.9' : 'gray.7'}>
          {template.isCustomised ? 'Customised' : 'Default'}
        </Badge>
      </Group>
      <form onSubmit={handleSubmit} noValidate aria-labelledby="email-template-editor-title">
        <Stack gap="sm">
          <PlaceholderChips placeholders={template.placeholders} onInsert={insert} />
          <TextInput
            ref={subjectRef}
            label="Subject"
            value={subject}
            maxLength={200}
            onFocus={() => (lastField.current = 'subject')}
            onChange={(event) => {
              setSubject(event.currentTarget.value);
              setFields({});
            }}
            error={shown.subject}
          />
          <Textarea
            ref={bodyRef}
            label="Text"
            description="Plain text: a blank line starts a new paragraph; links are made clickable."
            autosize
            minRows={8}
            maxRows={20}
            value={body}
            onFocus={() => (lastField.current = 'body')}
            onChange={(event) => {
              setBody(event.currentTarget.value);
              setFields({});
            }}
            error={shown.body}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <TemplatePreview
            preview={preview}
            isEmpty={debounced.subject.trim() === '' || debounced.body.trim() === ''}
          />
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <Button type="submit" loading={save.isPending}>
                Save template
              </Button>
              <Button
                variant="default"
                onClick={() => (isDirty ? setIsConfirmingLeave(true) : props.onDone())}
              >
                Back to all templates
              </Button>
            </Group>
            {template.isCustomised ? (
              <Button variant="outline" color="red.9" onClick={() => setIsConfirmingReset(true)}>
                Reset to default
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      <Modal
        opened={isConfirmingLeave}
        onClose={() => setIsConfirmingLeave(false)}
        title="Leave without saving?"
      >
        <Stack>
          <Text>{UNSAVED_CHANGES_MESSAGE}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirmingLeave(false)}>
              Keep editing
            </Button>
            <Button color="red.9" onClick={props.onDone}>
              Leave
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={isConfirmingReset}
        onClose={() => setIsConfirmingReset(false)}
        title={`Reset “${template.label}” to the default?`}
      >
        <Stack>
          <Text>Your wording is deleted and the next emails use the default text again.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirmingReset(false)}>
              Keep my wording
            </Button>
            <Button color="red.9" loading={reset.isPending} onClick={handleReset}>
              Reset to default
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function TemplateEditorLoader(props: { templateKey: string; onDone: () => void }) {
  const template = useEmailTemplate(props.templateKey);
  if (template.isPending) return <LoadingState label="Loading the template…" />;
  if (template.isError) return <ErrorState error={template.error} onRetry={() => void template.refetch()} />;
  return <TemplateEditor key={template.data.key} template={template.data} onDone={props.onDone} />;
}

function TemplateRow(props: { template: TMailTemplateSummary; onEdit: () => void }) {
  const { template } = props;
  const timeZone = useViewerTimeZone();
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{template.label}</Text>
            <Badge variant="outline" color={template.isCustomised ? 'teal.9' : 'gray.7'}>
              {template.isCustomised ? 'Customised' : 'Default'}
            </Badge>
          </Group>
          <Text size="sm" c="gray.7">
            {template.description}
          </Text>
          {template.updatedAt === null ? null : (
            <Text size="xs" c="gray.7">
              Changed {formatDateTime(template.updatedAt, timeZone)}
            </Text>
          )}
        </Stack>
        <Button size="xs" variant="outline" onClick={props.onEdit}>
          Edit<VisuallyHidden> {template.label}</VisuallyHidden>
        </Button>
      </Group>
    </Card>
  );
}

/**
 * The Templates part of the email settings (issue #23 item 2): the wording of the transactional emails, each
 * edited with its placeholders and a live preview, or reset to the default. Loaded with its own code.
 */
export function EmailTemplatesPart() {
  const templates = useEmailTemplates();
  const [editing, setEditing] = useState<string | null>(null);
  const listTitle = useRef<HTMLHeadingElement>(null);
  const stopEditing = () => {
    setEditing(null);
    requestAnimationFrame(() => listTitle.current?.focus());
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="email-templates-title" id="email-templates">
      <Title order={3} id="email-templates-title" ref={listTitle} tabIndex={-1}>
        Templates
      </Title>
      {editing !== null ? (
        <TemplateEditorLoader templateKey={editing} onDone={stopEditing} />
      ) : (
        <>
          <Text c="gray.7">
            The wording of the emails your community sends. A template you have not changed uses the default.
          </Text>
          {templates.isPending ? (
            <LoadingState label="Loading templates…" />
          ) : templates.isError ? (
            <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />
          ) : templates.data.items.length === 0 ? (
            <EmptyState title="No email templates">There are no emails to reword.</EmptyState>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {templates.data.items.map((template) => (
                <TemplateRow key={template.key} template={template} onEdit={() => setEditing(template.key)} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
