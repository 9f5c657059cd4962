import type { TResource } from '@commons/contract';
import { formatDate } from '@commons/domain';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** "Posted by {name} on {date}", the name linking to the profile. */
export function ResourceAuthor(props: {
  author: TResource['author'];
  createdAt: string;
  timeZone: string | null;
}) {
  const date = formatDate(props.createdAt, { style: 'medium', timeZone: props.timeZone ?? undefined });
  return (
    <Text size="sm" c="dimmed">
      Posted by{' '}
      {props.author === null ? (
        'a former member'
      ) : (
        <Anchor component={Link} to={paths.profile(props.author.identifier)} size="sm">
          {props.author.fullname}
        </Anchor>
      )}{' '}
      on <time dateTime={props.createdAt}>{date}</time>
    </Text>
  );
}
