import type { TComment } from '@commons/contract';
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { useComment } from '../api/discussions-api';
import { AuthorLine } from '../../../components/author-line';
import { EditablePostBody } from './editable-post-body';
import { PostActions } from './post-actions';
import classes from './discussions.module.css';

/** An inline rich-text form that posts a comment or reply, then closes. */
export function CommentForm(props: {
  questionId: string;
  answerId?: string;
  parentId?: string;
  label: string;
  onDone: () => void;
}) {
  const comment = useComment(props.questionId);
  const [body, setBody] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        comment.mutate(
          {
            body,
            ...(props.answerId === undefined ? {} : { answerId: props.answerId }),
            ...(props.parentId === undefined ? {} : { parentId: props.parentId }),
          },
          {
            onSuccess: () => {
              setBody('');
              props.onDone();
            },
          },
        );
      }}
    >
      <Stack gap="xs">
        <RichTextEditor label={props.label} value={body} onChange={setBody} />
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={props.onDone}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={comment.isPending} disabled={body === ''}>
            Post
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One comment with its replies nested under it (issue #7 item 1: nested comments). */
function CommentItem(props: {
  comment: TComment;
  all: TComment[];
  questionId: string;
  viewerId: string | null;
  depth: number;
  timeZone: string | null;
}) {
  const { comment } = props;
  const [isReplying, setIsReplying] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const replies = props.all.filter((c) => c.parentId === comment.id);
  return (
    <li className={classes.comment}>
      <AuthorLine author={comment.author} createdAt={comment.createdAt} size="xs" timeZone={props.timeZone} />
      <EditablePostBody
        kind="comment"
        id={comment.id}
        body={comment.body}
        isEditing={isEditing}
        onEditingChange={setIsEditing}
        mt="xs"
      />
      <PostActions
        kind="comment"
        id={comment.id}
        can={comment.can}
        upvoteCount={comment.upvoteCount}
        hasUpvoted={comment.hasUpvoted}
        isAuthor={comment.author !== null && comment.author.id === props.viewerId}
        onEdit={() => setIsEditing(true)}
      >
        {props.depth < 4 ? (
          <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={isReplying}
            onClick={() => setIsReplying((value) => !value)}
          >
            Reply
          </Button>
        ) : null}
      </PostActions>
      {isReplying ? (
        <CommentForm
          questionId={props.questionId}
          parentId={comment.id}
          label={`Reply to ${comment.author?.fullname ?? 'this comment'}`}
          onDone={() => setIsReplying(false)}
        />
      ) : null}
      {replies.length > 0 ? (
        <ul
          className={classes.commentList}
          aria-label={`Replies to ${comment.author?.fullname ?? 'this comment'}`}
        >
          {replies.map((reply) => (
            <CommentItem key={reply.id} {...props} comment={reply} depth={props.depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The top-level comments of a question or an answer, each with its nested replies. */
export function CommentThread(props: {
  comments: TComment[];
  questionId: string;
  answerId: string | null;
  viewerId: string | null;
  timeZone: string | null;
  label: string;
}) {
  const scoped = props.comments.filter((c) => c.answerId === props.answerId);
  const roots = scoped.filter((c) => c.parentId === null || !scoped.some((p) => p.id === c.parentId));
  if (roots.length === 0) return null;
  return (
    <ul className={classes.commentList} aria-label={props.label}>
      {roots.map((comment) => (
        <CommentItem
          key={comment.id}
          comment={comment}
          all={scoped}
          questionId={props.questionId}
          viewerId={props.viewerId}
          depth={1}
          timeZone={props.timeZone}
        />
      ))}
    </ul>
  );
}
