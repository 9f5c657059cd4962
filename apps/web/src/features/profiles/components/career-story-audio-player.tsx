import { Button, Group, Loader, Text } from '@mantine/core';
import { useCareerStoryAudioUrl } from '../api/career-story-audio';
import { audioAnswerLabel } from '../utils/career-stories';

/**
 * Plays an audio answer: the bytes are fetched with the bearer token (only those who may see the
 * section get them) and played from an object URL; the label names the question as a text alternative.
 */
export function CareerStoryAudioPlayer(props: { audioSrc: string; promptText: string; isRecorded: boolean }) {
  const audio = useCareerStoryAudioUrl(props.audioSrc);
  const label = audioAnswerLabel({ promptText: props.promptText, isRecorded: props.isRecorded });
  return (
    <div>
      <Text size="sm" c="dimmed" mb={4}>
        {label}
      </Text>
      {audio.url !== null ? (
        <audio
          controls
          preload="metadata"
          src={audio.url}
          aria-label={label}
          style={{ width: '100%', maxWidth: 480 }}
        >
          <track kind="captions" />
        </audio>
      ) : audio.isError ? (
        <Group gap="xs">
          <Text size="sm" c="red.8" role="alert">
            The audio could not be loaded.
          </Text>
          <Button size="xs" variant="subtle" onClick={() => void audio.refetch()}>
            Try again
          </Button>
        </Group>
      ) : (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">Loading the audio…</Text>
        </Group>
      )}
    </div>
  );
}
