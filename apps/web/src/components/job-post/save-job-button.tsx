import { Button } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { useToggleSavedJob } from './use-toggle-saved-job';

/** Save or unsave a post: a toggle button (aria-pressed) named with the post's title. */
export function SaveJobButton(props: {
  hubIdentifier: string;
  postId: string;
  title: string;
  isSaved: boolean;
  size?: 'xs' | 'sm';
}) {
  const toggle = useToggleSavedJob(props.hubIdentifier);
  const Icon = props.isSaved ? IconBookmarkFilled : IconBookmark;
  return (
    <Button
      size={props.size ?? 'xs'}
      variant={props.isSaved ? 'light' : 'default'}
      aria-pressed={props.isSaved}
      aria-label={`${props.isSaved ? 'Saved' : 'Save'}: ${props.title}`}
      leftSection={<Icon size={16} aria-hidden="true" />}
      loading={toggle.isPending}
      onClick={() => toggle.mutate({ postId: props.postId, isSaved: !props.isSaved })}
    >
      {props.isSaved ? 'Saved' : 'Save'}
    </Button>
  );
}
