import type { TPostAuthor } from '@commons/contract';
import { formatDate } from '@commons/domain';
import { Anchor, Avatar, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** Who wrote a post and when, linking to their profile. */
export function AuthorLine(props: {
  author: TPostAuthor | null;
  createdAt: string;
  size?: 'sm' | 'xs';
  timeZone?: string | null;
}) {
  const size = props.size ?? 'sm';
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
          <time dateTime={props.createdAt}>
            {formatDate(props.createdAt, { style: 'medium', timeZone: props.timeZone ?? undefined })}
          </time>
        </Text>
      </Text>
    </Group>
  );
}
