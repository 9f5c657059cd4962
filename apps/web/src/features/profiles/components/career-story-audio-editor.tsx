import { CAREER_STORY_AUDIO_TYPES, type TCareerStoryItemDto } from '@commons/contract';
import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../components/error-state';
import { useDeleteCareerStoryAudio, useUploadCareerStoryAudio } from '../api/career-story-audio';
import { pickRecordingMimeType, recordingErrorMessage } from '../utils/career-stories';
import { CareerStoryAudioPlayer } from './career-story-audio-player';

const ACCEPT = [...CAREER_STORY_AUDIO_TYPES, '.webm', '.ogg', '.mp3', '.m4a'].join(',');
const EXTENSION_BY_TYPE: Readonly<Record<string, string>> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
};

type TRecording = { recorder: MediaRecorder; stream: MediaStream };
type TTake = { blob: Blob; url: string };

/**
 * The audio answer of one prompt for its owner: play or remove the saved audio, upload an audio file,
 * or record one in the browser with MediaRecorder (listen, then save or discard). Audio saves at once.
 */
export function CareerStoryAudioEditor(props: {
  promptId: string;
  promptText: string;
  item: TCareerStoryItemDto | null;
  /** True while a recording runs or waits to be saved (counts as unsaved changes). */
  onPendingChange: (isPending: boolean) => void;
}) {
  const { onPendingChange } = props;
  const upload = useUploadCareerStoryAudio();
  const remove = useDeleteCareerStoryAudio();
  const [recording, setRecording] = useState<TRecording | null>(null);
  const [take, setTake] = useState<TTake | null>(null);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const chunks = useRef<Blob[]>([]);
  const recordingRef = useRef<TRecording | null>(null);

  useEffect(() => onPendingChange(recording !== null || take !== null), [recording, take, onPendingChange]);
  useEffect(() => () => (take === null ? undefined : URL.revokeObjectURL(take.url)), [take]);
  // Leaving the editor stops the microphone.
  useEffect(
    () => () => {
      recordingRef.current?.stream.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  const send = (file: Blob, fileName: string, isRecorded: boolean) => {
    setMessage(null);
    upload.mutate(
      { promptId: props.promptId, file, fileName, isRecorded },
      {
        onSuccess: () => {
          setTake(null);
          setMessage({ text: 'The audio answer was saved.', isError: false });
        },
        onError: (error) => setMessage({ text: errorText(error), isError: true }),
      },
    );
  };

  const handleStart = async () => {
    setMessage(null);
    if (typeof MediaRecorder === 'undefined' || typeof navigator.mediaDevices?.getUserMedia !== 'function') {
      setMessage({ text: recordingErrorMessage({ name: 'NotSupportedError' }), isError: true });
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = pickRecordingMimeType((type) => MediaRecorder.isTypeSupported(type));
      const recorder = new MediaRecorder(stream, mimeType === '' ? undefined : { mimeType });
      chunks.current = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.current.push(event.data);
      };
      recorder.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        const blob = new Blob(chunks.current, {
          type: (recorder.mimeType || mimeType || 'audio/webm').split(';')[0],
        });
        recordingRef.current = null;
        setRecording(null);
        setTake({ blob, url: URL.createObjectURL(blob) });
        setMessage({ text: 'Recording stopped. Listen to it, then save or discard it.', isError: false });
      };
      recorder.start();
      const next = { recorder, stream };
      recordingRef.current = next;
      setRecording(next);
      setMessage({ text: 'Recording. Press Stop recording when you are done.', isError: false });
    } catch (error) {
      setMessage({ text: recordingErrorMessage(error), isError: true });
    }
  };

  const handleSaveTake = () => {
    if (take === null) return;
    send(take.blob, `recording.${EXTENSION_BY_TYPE[take.blob.type] ?? 'webm'}`, true);
  };

  const handleDiscard = () => {
    setTake(null);
    setMessage({ text: 'The recording was discarded.', isError: false });
  };

  const handleRemove = () => {
    setMessage(null);
    remove.mutate(props.promptId, {
      onSuccess: () => setMessage({ text: 'The audio answer was removed.', isError: false }),
      onError: (error) => setMessage({ text: errorText(error), isError: true }),
    });
  };

  const isBusy = upload.isPending || remove.isPending;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Audio answer (optional)
      </Text>
      {props.item?.audioSrc ? (
        <Group align="flex-end" gap="sm">
          <div style={{ flex: 1, minWidth: 240 }}>
            <CareerStoryAudioPlayer
              audioSrc={props.item.audioSrc}
              promptText={props.promptText}
              isRecorded={props.item.recorded}
            />
          </div>
          <Button
            variant="subtle"
            color="red"
            onClick={handleRemove}
            loading={remove.isPending}
            disabled={isBusy || recording !== null}
          >
            Remove audio
          </Button>
        </Group>
      ) : null}
      {take === null ? null : (
        <Stack gap={4}>
          <audio
            controls
            src={take.url}
            aria-label={`Your new recording for “${props.promptText}”`}
            style={{ width: '100%', maxWidth: 480 }}
          />
          <Group gap="sm">
            <Button onClick={handleSaveTake} loading={upload.isPending}>
              Save recording
            </Button>
            <Button variant="default" onClick={handleDiscard} disabled={isBusy}>
              Discard recording
            </Button>
          </Group>
        </Stack>
      )}
      <Group gap="sm" align="flex-end">
        {recording === null ? (
          <Button variant="light" onClick={() => void handleStart()} disabled={isBusy || take !== null}>
            {props.item?.audioSrc ? 'Record a new answer' : 'Record an answer'}
          </Button>
        ) : (
          <Button color="red" onClick={() => recording.recorder.stop()}>
            Stop recording
          </Button>
        )}
        <FileInput
          label={props.item?.audioSrc ? 'Or replace it with an audio file' : 'Or upload an audio file'}
          description="WebM, Ogg, MP3 or M4A, up to 10 MB"
          placeholder="Choose a file"
          accept={ACCEPT}
          value={null}
          disabled={isBusy || recording !== null}
          onChange={(file) => {
            if (file !== null) send(file, file.name, false);
          }}
        />
      </Group>
      <div aria-live="polite">
        {message === null ? null : (
          <Text
            size="sm"
            c={message.isError ? 'red.8' : undefined}
            role={message.isError ? 'alert' : undefined}
          >
            {message.text}
          </Text>
        )}
      </div>
    </Stack>
  );
}
