import type { TResource } from '@commons/contract';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';

/** "Posted by {name} on {date}" (the date in the viewer's zone), the name linking to the profile. */
export function ResourceAuthor(props: { author: TResource['author']; createdAt: string }) {
  const date = formatInZone(props.createdAt, 'medium', useViewerTimeZone());
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
