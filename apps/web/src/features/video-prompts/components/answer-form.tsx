import { Button, FileInput, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { useLinkVideoAnswer, useUploadVideoAnswer } from '../api/video-prompts';
import { posterOfFile } from './poster-frame';
import { VideoRecorder } from './video-recorder';

/** Answer a prompt: record in the browser, upload a video, or share a link; saving replaces an earlier answer. */
export function AnswerForm(props: { hub: string; promptId: string; onDone?: () => void }) {
  const upload = useUploadVideoAnswer(props.hub, props.promptId);
  const link = useLinkVideoAnswer(props.hub, props.promptId);
  const [recording, setRecording] = useState<{ blob: Blob; poster: string | null } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [linkUrl, setLinkUrl] = useState('');
  const saved = () => {
    notifications.show({ color: 'green', message: 'Your answer was saved.' });
    props.onDone?.();
  };
  const handleSaveRecording = () => {
    if (recording === null) return;
    const extension = recording.blob.type.includes('mp4') ? 'mp4' : 'webm';
    // mutateAsync: the form leaves the page once the answer shows, and the toast must still come.
    upload
      .mutateAsync({
        file: recording.blob,
        fileName: `recording.${extension}`,
        source: 'recorded',
        poster: recording.poster,
      })
      .then(saved, () => undefined);
  };
  const handleUpload = async (event: FormEvent) => {
    event.preventDefault();
    if (file === null) return;
    const poster = await posterOfFile(file);
    upload
      .mutateAsync({ file, fileName: file.name, source: 'uploaded', poster })
      .then(saved, () => undefined);
  };
  const handleLink = (event: FormEvent) => {
    event.preventDefault();
    link.mutateAsync(linkUrl.trim()).then(saved, () => undefined);
  };
  const linkError = isApiError(link.error) ? link.error.fields['linkUrl'] : undefined;
  return (
    <Tabs defaultValue="record" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="record">Record</Tabs.Tab>
        <Tabs.Tab value="upload">Upload</Tabs.Tab>
        <Tabs.Tab value="link">Link</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="record" pt="md">
        <Stack gap="sm">
          <VideoRecorder onRecorded={setRecording} />
          {recording === null ? null : (
            <Group>
              <Button onClick={handleSaveRecording} loading={upload.isPending}>
                Save this recording
              </Button>
            </Group>
          )}
          <ErrorAlert error={upload.error} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="upload" pt="md">
        <form onSubmit={(event) => void handleUpload(event)} aria-label="Upload a video">
          <Stack gap="sm">
            <FileInput
              label="Video file"
              description="WebM or MP4, 50 MB at most."
              accept="video/webm,video/mp4"
              value={file}
              onChange={setFile}
              clearable
            />
            <Group>
              <Button type="submit" disabled={file === null} loading={upload.isPending}>
                Upload answer
              </Button>
            </Group>
            <ErrorAlert error={upload.error} />
          </Stack>
        </form>
      </Tabs.Panel>
      <Tabs.Panel value="link" pt="md">
        <form onSubmit={handleLink} aria-label="Share a link" noValidate>
          <Stack gap="sm">
            <TextInput
              label="Link to your video"
              type="url"
              placeholder="https://"
              value={linkUrl}
              onChange={(event) => setLinkUrl(event.currentTarget.value)}
              error={linkError}
            />
            <Text size="xs" c="gray.7">
              A video you published elsewhere, e.g. on a video-sharing site.
            </Text>
            <Group>
              <Button type="submit" disabled={linkUrl.trim() === ''} loading={link.isPending}>
                Save link
              </Button>
            </Group>
            {linkError === undefined ? <ErrorAlert error={link.error} /> : null}
          </Stack>
        </form>
      </Tabs.Panel>
    </Tabs>
  );
}
