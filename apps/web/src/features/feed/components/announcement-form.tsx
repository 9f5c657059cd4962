import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { isApiError } from '../../../lib/api-error';
import { useCreateAnnouncement } from '../api/feed-api';
import { LazyModal } from '../../../components/lazy-modal';

/** "Post an announcement" for those the server says may announce here (hub admins with the right, group admins). */
export function AnnouncementButton(props: { groupId: string | null }) {
  const [isOpen, setIsOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [isPinned, setIsPinned] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateAnnouncement();
  const close = () => {
    setIsOpen(false);
    setTitle('');
    setBody('');
    setIsPinned(false);
    setFields({});
    setFormError(null);
  };
  const submit = () => {
    create.mutate(
      { title, body, isPinned, ...(props.groupId === null ? {} : { groupId: props.groupId }) },
      {
        onSuccess: () => {
          notifications.show({ message: 'Your announcement is in the feed.' });
          close();
        },
        onError: (error) => {
          if (isApiError(error)) {
            setFields(error.fields);
            setFormError(
              Object.keys(error.fields).length === 0 ? (error.userMessage ?? error.message) : null,
            );
          } else {
            setFormError('Please try again.');
          }
        },
      },
    );
  };
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>Post an announcement</Button>
      <LazyModal opened={isOpen} onClose={close} title="Post an announcement" size="lg">
        <Stack>
          <TextInput
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={fields.title}
            required
            maxLength={200}
          />
          <RichTextEditor
            label="Announcement"
            value={body}
            onChange={setBody}
            error={fields.body ?? null}
            isRequired
          />
          <Checkbox
            label="Pin it to the top of the feed"
            checked={isPinned}
            onChange={(event) => setIsPinned(event.currentTarget.checked)}
          />
          {formError === null ? null : (
            <Text c="red.9" size="sm" role="alert">
              {formError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button loading={create.isPending} onClick={submit}>
              Post
            </Button>
          </Group>
        </Stack>
      </LazyModal>
    </>
  );
}
