import type { TPostAbilities, TPostKind } from '@commons/contract';
import { formatCount, POST_COUNT_THRESHOLD } from '@commons/domain';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type ReactNode } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { ReportButton } from '../../../components/report-button';
import { sectionHeading } from '../../../lib/section-heading';
import { useDeletePost, usePin, useVote } from '../api/discussions-api';

const KIND_LABEL: Record<TPostKind, string> = { question: 'question', answer: 'answer', comment: 'comment' };

/**
 * The buttons under a post: upvote for everyone but the author, pin, edit and delete as the server's
 * abilities say (spec 6 Posts); counts follow spec 9 Count display.
 */
export function PostActions(props: {
  kind: TPostKind;
  id: string;
  can: TPostAbilities;
  upvoteCount: number;
  hasUpvoted: boolean;
  isAuthor: boolean;
  isPinned?: boolean;
  onEdit?: () => void;
  onDeleted?: () => void;
  children?: ReactNode;
}) {
  const vote = useVote();
  const pin = usePin();
  const remove = useDeletePost();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDeleted, setIsDeleted] = useState(false);
  const actionsRef = useRef<HTMLDivElement>(null);
  const label = KIND_LABEL[props.kind];
  const count = formatCount(props.upvoteCount, POST_COUNT_THRESHOLD);
  return (
    <Group gap="xs" mt="xs" ref={actionsRef}>
      <Button
        size="compact-sm"
        variant={props.hasUpvoted ? 'filled' : 'outline'}
        aria-pressed={props.hasUpvoted}
        disabled={props.isAuthor || vote.isPending}
        onClick={() => vote.mutate({ kind: props.kind, id: props.id, isUpvoted: !props.hasUpvoted })}
      >
        Upvote{count === '' ? '' : ` · ${count}`}
      </Button>
      {props.children}
      {props.can.pin && props.kind !== 'comment' ? (
        <Button
          size="compact-sm"
          variant="subtle"
          aria-pressed={props.isPinned === true}
          loading={pin.isPending}
          onClick={() =>
            pin.mutate(
              { kind: props.kind, id: props.id, isPinned: props.isPinned !== true },
              {
                onSuccess: (result) =>
                  notifications.show({
                    message: result.isPinned
                      ? `The ${label} is pinned.`
                      : `The ${label} is no longer pinned.`,
                  }),
              },
            )
          }
        >
          {props.isPinned === true ? 'Unpin' : 'Pin'}
        </Button>
      ) : null}
      {props.can.edit && props.onEdit !== undefined ? (
        <Button size="compact-sm" variant="subtle" onClick={props.onEdit}>
          Edit
        </Button>
      ) : null}
      {props.can.delete ? (
        <Button size="compact-sm" variant="outline" color="red.9" onClick={() => setIsConfirming(true)}>
          Delete
        </Button>
      ) : null}
      {props.can.report && !props.isAuthor ? (
        <ReportButton targetKind={props.kind} targetId={props.id} />
      ) : null}
      <ConfirmDeleteModal
        opened={isConfirming}
        title={`Delete this ${label}?`}
        isDeleting={remove.isPending}
        returnFocus={!isDeleted}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          remove.mutate(
            { kind: props.kind, id: props.id },
            {
              onSuccess: () => {
                // The post and its Delete button go away: focus goes to the heading of the list it was in,
                // not to the page body.
                const heading = sectionHeading(actionsRef.current);
                setIsDeleted(true);
                setIsConfirming(false);
                notifications.show({ message: `The ${label} was deleted.` });
                if (props.onDeleted) props.onDeleted();
                else heading?.focus();
              },
            },
          )
        }
      />
    </Group>
  );
}
