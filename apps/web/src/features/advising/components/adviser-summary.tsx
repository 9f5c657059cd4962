import type { TAdviserCard } from '@commons/contract';
import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';

/**
 * An adviser at a glance: photo, name, advising title and headline, and the topics they cover. Built of spans
 * so it can sit inside a choice card (a button); with `nameOrder` the name is a heading of that level.
 */
export function AdviserSummary({ adviser, nameOrder }: { adviser: TAdviserCard; nameOrder?: 2 | 3 }) {
  return (
    <Group component="span" gap="sm" wrap="nowrap" align="flex-start">
      {/* The initials repeat the name beside them, so screen readers skip the picture. */}
      <Avatar
        src={adviser.photoUrl}
        name={adviser.fullName}
        alt=""
        aria-hidden
        radius="xl"
        size="lg"
        color="indigo.9"
        variant="filled"
      />
      <Stack component="span" gap={4} miw={0}>
        <Text fw={700} component={nameOrder === undefined ? 'span' : `h${nameOrder}`} m={0} size="md">
          {adviser.fullName}
        </Text>
        <Text component="span" size="sm">
          {adviser.title}
        </Text>
        {adviser.headline ? (
          <Text component="span" size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {adviser.headline}
          </Text>
        ) : null}
        {adviser.topics.length === 0 ? null : (
          <Group component="span" gap={4}>
            {adviser.topics.map((topic) => (
              <Badge key={topic.id} variant="light" color="indigo" c="indigo.9" radius="sm" tt="none">
                {topic.name}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Group>
  );
}
