import type { TPostAuthor } from '@commons/contract';
import { Anchor, Avatar, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { formatInZone, resolveViewerTimeZone, useViewerTimeZone } from '../lib/viewer-time';

/** Who wrote a post and when (in the viewer's zone), linking to their profile. */
export function AuthorLine(props: {
  author: TPostAuthor | null;
  createdAt: string;
  size?: 'sm' | 'xs';
  /** The viewer's zone when the caller already has it; read from the session otherwise. */
  timeZone?: string | null;
}) {
  const size = props.size ?? 'sm';
  const timeZone = resolveViewerTimeZone(props.timeZone, useViewerTimeZone());
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar src={props.author?.photoUrl ?? null} alt="" size={size === 'sm' ? 'sm' : 'xs'} radius="xl" />
      <Text size={size}>
        {props.author === null ? (
          'Former member'
        ) : (
          <Anchor component={Link} to={paths.profile(props.author.identifier)} size={size}>
            {props.author.fullname}
          </Anchor>
        )}
        <Text component="span" c="dimmed" size={size}>
          {' · '}
          <time dateTime={props.createdAt}>{formatInZone(props.createdAt, 'medium', timeZone)}</time>
        </Text>
      </Text>
    </Group>
  );
}
