import type { TCareerAdviceSection } from '@commons/contract';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { CareerStoryAudioPlayer } from './career-story-audio-player';

/** The career stories as others see them (answered prompts only); the owner also sees unanswered prompts. */
export function CareerAdviceView({ section }: { section: TCareerAdviceSection }) {
  if (section.prompts.length === 0) return <Text c="dimmed">No career stories yet.</Text>;
  return (
    <Stack gap="lg">
      {section.prompts.map((prompt) => (
        <article key={prompt.id} aria-labelledby={`career-story-${prompt.id}`}>
          <Title order={3} size="h4" id={`career-story-${prompt.id}`} mb={4}>
            {prompt.text}
          </Title>
          {prompt.item === null ? (
            <Text c="dimmed">Not answered yet.</Text>
          ) : (
            <Stack gap="xs">
              {prompt.item.value === null ? null : (
                <Text style={{ whiteSpace: 'pre-wrap' }}>{prompt.item.value}</Text>
              )}
              {prompt.item.link === null ? null : (
                <Text>
                  Link:{' '}
                  <Anchor href={prompt.item.link} target="_blank" rel="noopener noreferrer nofollow">
                    {prompt.item.link}
                  </Anchor>
                </Text>
              )}
              {prompt.item.audioSrc === null ? null : (
                <CareerStoryAudioPlayer
                  audioSrc={prompt.item.audioSrc}
                  promptText={prompt.text}
                  isRecorded={prompt.item.recorded}
                />
              )}
            </Stack>
          )}
        </article>
      ))}
    </Stack>
  );
}
