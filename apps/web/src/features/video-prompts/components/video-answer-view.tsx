import type { TVideoAnswer } from '@commons/contract';
import { VIDEO_ANSWER_SOURCE_LABELS } from '@commons/domain';
import { Anchor, Image, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAnswerFileUrl } from '../api/video-prompts';

/**
 * One answer: a link opens outside; a video shows its poster first and loads the video (read with the bearer
 * token) when asked to play, so a list of answers does not download every video.
 */
export function VideoAnswerView(props: { hub: string; answer: TVideoAnswer; label: string }) {
  const { answer } = props;
  const [isPlaying, setIsPlaying] = useState(false);
  const poster = useAnswerFileUrl(props.hub, answer.posterPath);
  const video = useAnswerFileUrl(props.hub, isPlaying ? answer.videoPath : null);
  if (answer.source === 'link' || answer.videoPath === null)
    return (
      <Text>
        <Anchor href={answer.linkUrl ?? '#'} target="_blank" rel="noopener noreferrer">
          Watch {props.label} (opens another site)
        </Anchor>
      </Text>
    );
  return (
    <Stack gap={4}>
      {isPlaying && video.url !== null ? (
        <video
          src={video.url}
          controls
          autoPlay
          playsInline
          poster={poster.url ?? undefined}
          aria-label={props.label}
          style={{ width: '100%', maxWidth: 640, borderRadius: 8, background: '#000' }}
        />
      ) : (
        <button
          type="button"
          onClick={() => setIsPlaying(true)}
          aria-label={`Play ${props.label}`}
          style={{
            padding: 0,
            border: 0,
            background: 'none',
            cursor: 'pointer',
            maxWidth: 640,
            width: '100%',
          }}
        >
          {poster.url === null ? (
            <Text c="gray.8" p="md" bg="gray.1" style={{ borderRadius: 8 }}>
              ▶ Play video
            </Text>
          ) : (
            <Image src={poster.url} alt="" radius="md" />
          )}
        </button>
      )}
      {isPlaying && video.isPending ? <Loader size="sm" aria-label="Loading the video" /> : null}
      <Text size="xs" c="gray.7">
        {VIDEO_ANSWER_SOURCE_LABELS[answer.source]}
      </Text>
    </Stack>
  );
}
