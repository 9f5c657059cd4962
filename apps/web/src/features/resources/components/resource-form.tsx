import { RESOURCE_TYPES, type TResource, type TResourceType } from '@commons/contract';
import {
  ActionIcon,
  Autocomplete,
  Button,
  FileButton,
  Group,
  List,
  Loader,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { errorText } from '../../../components/error-state';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { useLinkPreview } from '../api/get-link-preview';
import { uploadAttachment } from '../api/resource-mutations';
import {
  draftErrors,
  formatFileSize,
  isHttpUrl,
  listingType,
  needsUrl,
  RESOURCE_TYPE_LABELS,
  type TResourceDraft,
} from '../resource-rules';
import { LinkPreviewCard } from './link-preview-card';

type TAttachment = TResource['attachments'][number];

/** The link preview under the link field: loading, the card, or why there is none. */
function LinkPreviewField(props: { url: string }) {
  const [url] = useDebouncedValue(props.url, 500);
  const preview = useLinkPreview(url);
  if (!isHttpUrl(url)) return null;
  if (preview.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading a preview of the link…
        </Text>
      </Group>
    );
  if (preview.isError)
    return (
      <Text size="sm" c="dimmed" role="status">
        {errorText(preview.error)} You can still post the link.
      </Text>
    );
  return <LinkPreviewCard preview={preview.data} />;
}

/** Attached files: upload on choice (PDF or DOCX, 10 MB at most), listed with a remove button each. */
function AttachmentsField(props: {
  files: TAttachment[];
  onChange: (files: TAttachment[]) => void;
  error: string | null;
  hubId?: string;
}) {
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const handleFiles = async (chosen: File[]) => {
    setIsUploading(true);
    setUploadError(null);
    const uploaded: TAttachment[] = [];
    try {
      for (const file of chosen) uploaded.push(await uploadAttachment(file, props.hubId));
    } catch (error) {
      setUploadError(isApiError(error) ? (error.fields.file ?? errorText(error)) : errorText(error));
    } finally {
      setIsUploading(false);
      if (uploaded.length > 0) props.onChange([...props.files, ...uploaded].slice(0, 10));
    }
  };
  const message = uploadError ?? props.error;
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm" id="resource-files-label">
        Files
      </Text>
      <Text size="xs" c="dimmed">
        PDF or Word (DOCX) files, 10 MB at most each.
      </Text>
      {props.files.length > 0 ? (
        <List listStyleType="none" spacing={4} p={0} aria-labelledby="resource-files-label">
          {props.files.map((file) => (
            <List.Item key={file.id}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">
                  {file.name} ({formatFileSize(file.sizeBytes)})
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => props.onChange(props.files.filter((f) => f.id !== file.id))}
                >
                  ×
                </ActionIcon>
              </Group>
            </List.Item>
          ))}
        </List>
      ) : null}
      <Group>
        <FileButton
          onChange={(files) => void handleFiles(files)}
          accept="application/pdf,.pdf,.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          multiple
        >
          {(buttonProps) => (
            <Button
              {...buttonProps}
              variant="outline"
              size="xs"
              loading={isUploading}
              disabled={props.files.length >= 10}
            >
              Attach a file
            </Button>
          )}
        </FileButton>
      </Group>
      {message === null ? null : (
        <Text size="sm" c="red.9" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The form of a resource or company listing (issue #7 item 3), for posting and editing: type, title,
 * rich text, link with its preview, category (suggested from the board's), location of a listing,
 * files of a file resource. Checks what the server checks before sending; the server's field messages
 * show next to their fields.
 */
export function ResourceForm(props: {
  initial: TResourceDraft;
  initialFiles?: TAttachment[];
  isListing: boolean;
  categories: string[];
  submitLabel: string;
  isSaving: boolean;
  error: unknown;
  hubId?: string;
  /** Where a new resource may go (group scope); the first is chosen first. Absent when fixed. */
  scopes?: Array<{ value: string; label: string }>;
  /** The draft, and the chosen scope's value when `scopes` were offered. */
  onSubmit: (draft: TResourceDraft, scope: string | null) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<TResourceDraft>(props.initial);
  const [files, setFiles] = useState<TAttachment[]>(props.initialFiles ?? []);
  const [scope, setScope] = useState<string | null>(props.scopes?.[0]?.value ?? null);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const serverFields = isApiError(props.error) ? props.error.fields : {};
  const fieldError = (name: string) => localErrors[name] ?? serverFields[name] ?? null;
  const set = <K extends keyof TResourceDraft>(key: K, value: TResourceDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const typeName: TResourceType = props.isListing ? listingType(draft) : draft.typeName;
  const isUrlShown = typeName !== 'file' || draft.url.trim() !== '';

  const handleSubmit = (formElement: HTMLFormElement) => {
    const complete = { ...draft, typeName, attachmentIds: files.map((f) => f.id) };
    const errors = draftErrors(complete, { isListing: props.isListing });
    setLocalErrors(errors);
    if (Object.keys(errors).length === 0) props.onSubmit(complete, scope);
    else focusFirstInvalidField(formElement);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        handleSubmit(event.currentTarget);
      }}
    >
      <Stack>
        {props.scopes !== undefined && props.scopes.length > 1 ? (
          <Select
            label="Post in"
            data={props.scopes}
            value={scope}
            onChange={setScope}
            allowDeselect={false}
          />
        ) : null}
        {props.isListing ? null : (
          <Radio.Group
            label="Type"
            value={draft.typeName}
            onChange={(value) => set('typeName', value as TResourceType)}
            withAsterisk
          >
            <Group mt="xs">
              {RESOURCE_TYPES.map((value) => (
                <Radio key={value} value={value} label={RESOURCE_TYPE_LABELS[value]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <TextInput
          label={props.isListing ? 'Company name' : 'Title'}
          required
          maxLength={200}
          value={draft.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={fieldError('title')}
          data-autofocus
        />
        {isUrlShown ? (
          <TextInput
            label={props.isListing ? 'Website' : typeName === 'video' ? 'Video link' : 'Link'}
            description={typeName === 'video' ? 'YouTube and Vimeo videos play on the page.' : undefined}
            type="url"
            placeholder="https://"
            required={!props.isListing && needsUrl(typeName)}
            value={draft.url}
            onChange={(event) => set('url', event.currentTarget.value)}
            error={fieldError('url')}
          />
        ) : null}
        <LinkPreviewField url={draft.url} />
        <RichTextEditor
          label={props.isListing ? 'About the company' : typeName === 'article' ? 'Article' : 'Description'}
          value={draft.body}
          onChange={(html) => set('body', html)}
          error={fieldError('body')}
          isRequired={typeName === 'article'}
          isMentionEnabled={false}
        />
        <Autocomplete
          label="Category"
          data={props.categories}
          maxLength={80}
          value={draft.category}
          onChange={(value) => set('category', value)}
          error={fieldError('category')}
        />
        {props.isListing ? (
          <TextInput
            label="Location"
            maxLength={200}
            value={draft.location}
            onChange={(event) => set('location', event.currentTarget.value)}
            error={fieldError('location')}
          />
        ) : null}
        {typeName === 'file' ? (
          <AttachmentsField
            files={files}
            onChange={setFiles}
            error={fieldError('attachmentIds')}
            hubId={props.hubId}
          />
        ) : null}
        {props.error !== null && props.error !== undefined && Object.keys(serverFields).length === 0 ? (
          <Text c="red.9" size="sm" role="alert">
            {errorText(props.error)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.isSaving}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
