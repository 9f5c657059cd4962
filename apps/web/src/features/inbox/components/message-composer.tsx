import { MESSAGE_ATTACHMENTS_MAX, type TMessageAttachment } from '@commons/contract';
import { Alert, Button, CloseButton, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../../components/error-state';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { isApiError } from '../../../lib/api-error';
import { useTypingNotifier } from '../../../lib/realtime-hooks';
import { removeAttachment, uploadAttachment, usePostMessage } from '../api/messages';
import { htmlToText } from './message-html';

/** Files the server accepts for attachments (PDF, DOCX, JPEG, PNG, WebP). */
const ACCEPT =
  'application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,image/jpeg,image/png,image/webp';

/**
 * The reply box of a thread: rich text (spec 5 allowlist), up to five attachments uploaded first, and the
 * typing signal sent at most every 2 seconds while writing (spec 9).
 */
export function MessageComposer({ threadId }: { threadId: string }) {
  const [body, setBody] = useState('');
  const [attachments, setAttachments] = useState<TMessageAttachment[]>([]);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [isUploading, setIsUploading] = useState(false);
  const post = usePostMessage(threadId);
  const { notifyTyping, resetTyping } = useTypingNotifier(threadId);
  const fieldError = isApiError(post.error)
    ? (post.error.fields['body'] ?? post.error.fields['attachmentIds'] ?? null)
    : null;
  const [emptyError, setEmptyError] = useState<string | null>(null);

  const handleFiles = async (files: File[]) => {
    setUploadError(null);
    setIsUploading(true);
    try {
      for (const file of files.slice(0, MESSAGE_ATTACHMENTS_MAX - attachments.length)) {
        const uploaded = await uploadAttachment(threadId, file);
        setAttachments((current) => [...current, uploaded]);
      }
    } catch (error) {
      setUploadError(error);
    } finally {
      setIsUploading(false);
    }
  };
  const handleRemove = (attachment: TMessageAttachment) => {
    setAttachments((current) => current.filter((a) => a.id !== attachment.id));
    void removeAttachment(attachment.id).catch(() => undefined);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (htmlToText(body).trim() === '' && attachments.length === 0) {
      setEmptyError('Please write a message.');
      return;
    }
    // The box empties as the message leaves, so the next one can be typed at once; clearing on success
    // instead wiped what was typed while the first was still on its way. A failed send comes back.
    const sentBody = body;
    const sentAttachments = attachments;
    setBody('');
    setAttachments([]);
    resetTyping();
    post.mutate(
      {
        body: htmlToText(sentBody).trim() === '' ? '' : sentBody,
        attachmentIds: sentAttachments.map((a) => a.id),
      },
      {
        onError: () => {
          setBody((current) => (htmlToText(current).trim() === '' ? sentBody : current));
          setAttachments((current) => (current.length === 0 ? sentAttachments : current));
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Reply">
      <Stack gap="xs">
        <RichTextEditor
          label="Your message"
          value={body}
          onChange={(html) => {
            setBody(html);
            setEmptyError(null);
            if (html !== '') notifyTyping();
          }}
          error={emptyError ?? fieldError}
        />
        {attachments.length > 0 ? (
          <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Files to send">
            {attachments.map((file) => (
              <Group component="li" key={file.id} gap={4} wrap="nowrap">
                <Text size="sm">{file.name}</Text>
                <CloseButton
                  size="sm"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => handleRemove(file)}
                />
              </Group>
            ))}
          </Group>
        ) : null}
        <div aria-live="polite">
          {uploadError !== null ? (
            <Alert color="red" variant="outline" role="alert">
              {errorText(uploadError)}
            </Alert>
          ) : null}
          {post.isError && fieldError === null ? (
            <Alert color="red" variant="outline" role="alert">
              {errorText(post.error)}
            </Alert>
          ) : null}
        </div>
        <Group justify="space-between">
          <FileButton onChange={(files) => void handleFiles(files)} accept={ACCEPT} multiple>
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={isUploading}
                disabled={attachments.length >= MESSAGE_ATTACHMENTS_MAX}
              >
                Attach files
              </Button>
            )}
          </FileButton>
          <Button type="submit" loading={post.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
