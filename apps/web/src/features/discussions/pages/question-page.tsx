import type { TAnswer, TQuestionDetail } from '@commons/contract';
import { formatCount, POST_COUNT_THRESHOLD } from '@commons/domain';
import { Anchor, Badge, Button, Group, Paper, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { RichTextEditor, RichTextView } from '../../../components/rich-text-editor';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/current-user';
import { useAcceptAnswer, useAnswer, useEditPost, useFollow, useQuestion } from '../api/discussions-api';
import { AuthorLine } from '../../../components/author-line';
import { CommentForm, CommentThread } from '../components/comment-thread';
import { EditablePostBody } from '../components/editable-post-body';
import { PostActions } from '../components/post-actions';
import classes from '../components/discussions.module.css';

/**
 * Accept answer / Accepted (issue #16 item 18), for the asker and the discussion's moderators only (the
 * server's `can.acceptAnswer`): pressing it on another answer moves the acceptance, on the accepted one
 * takes it back.
 */
function AcceptAnswerButton(props: { questionId: string; answer: TAnswer; authorName: string }) {
  const accept = useAcceptAnswer(props.questionId);
  const { answer } = props;
  return (
    <Button
      size="compact-sm"
      variant={answer.isAccepted ? 'filled' : 'outline'}
      color="teal.9"
      // Mantine lightens a shade-9 filled button on hover (teal 8: 3.9:1 with white); it stays teal 9 (4.9:1).
      // The outline button keeps Mantine's faint hover, under teal 9 text.
      vars={() => ({
        root: answer.isAccepted ? { '--button-hover': 'var(--mantine-color-teal-9)' } : {},
      })}
      leftSection={<IconCircleCheck size={16} aria-hidden="true" />}
      aria-pressed={answer.isAccepted}
      aria-label={
        answer.isAccepted ? `Accepted answer by ${props.authorName}` : `Accept answer by ${props.authorName}`
      }
      loading={accept.isPending}
      onClick={() =>
        accept.mutate(answer.isAccepted ? null : answer.id, {
          onSuccess: () =>
            notifications.show({
              message: answer.isAccepted
                ? 'The answer is no longer marked as accepted.'
                : `You accepted the answer by ${props.authorName}.`,
            }),
        })
      }
    >
      {answer.isAccepted ? 'Accepted' : 'Accept answer'}
    </Button>
  );
}

/** One answer with its comments; the accepted answer is marked (issue #16 item 18). */
function AnswerCard(props: {
  answer: TAnswer;
  question: TQuestionDetail;
  viewerId: string | null;
  timeZone: string | null;
}) {
  const { answer } = props;
  const [isCommenting, setIsCommenting] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const name = answer.author?.fullname ?? 'a former member';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-label={answer.isAccepted ? `Accepted answer by ${name}` : `Answer by ${name}`}
      className={answer.isAccepted ? classes.acceptedAnswer : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <AuthorLine author={answer.author} createdAt={answer.createdAt} timeZone={props.timeZone} />
          <Group gap="xs">
            {answer.isAccepted ? (
              <Badge color="teal.9" leftSection={<IconCircleCheck size={14} aria-hidden="true" />}>
                Accepted answer
              </Badge>
            ) : null}
            {answer.isPinned ? <Badge color="blue.9">Pinned</Badge> : null}
          </Group>
        </Group>
        <EditablePostBody
          kind="answer"
          id={answer.id}
          body={answer.body}
          isEditing={isEditing}
          onEditingChange={setIsEditing}
        />
        <PostActions
          kind="answer"
          id={answer.id}
          can={answer.can}
          upvoteCount={answer.upvoteCount}
          hasUpvoted={answer.hasUpvoted}
          isAuthor={answer.author !== null && answer.author.id === props.viewerId}
          isPinned={answer.isPinned}
          onEdit={() => setIsEditing(true)}
        >
          {props.question.can.acceptAnswer ? (
            <AcceptAnswerButton questionId={props.question.id} answer={answer} authorName={name} />
          ) : null}
          <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={isCommenting}
            onClick={() => setIsCommenting((value) => !value)}
          >
            Comment
          </Button>
        </PostActions>
        {isCommenting ? (
          <CommentForm
            questionId={props.question.id}
            answerId={answer.id}
            label={`Comment on the answer by ${name}`}
            onDone={() => setIsCommenting(false)}
          />
        ) : null}
        <CommentThread
          comments={props.question.comments}
          questionId={props.question.id}
          answerId={answer.id}
          viewerId={props.viewerId}
          timeZone={props.timeZone}
          label={`Comments on the answer by ${name}`}
        />
      </Stack>
    </Paper>
  );
}

/** The question's title, topics and body, editable in place by those the server allows. */
function QuestionHeader(props: {
  question: TQuestionDetail;
  viewerId: string | null;
  timeZone: string | null;
}) {
  const { question } = props;
  const follow = useFollow(question.id);
  const edit = useEditPost();
  const navigate = useNavigate();
  const [isEditing, setIsEditing] = useState(false);
  const [title, setTitle] = useState(question.title);
  const [body, setBody] = useState(question.body);
  const [tags, setTags] = useState(question.tags);
  const [isCommenting, setIsCommenting] = useState(false);
  const followers = formatCount(question.followerCount, POST_COUNT_THRESHOLD);
  return (
    <Stack gap="sm" component="article" aria-labelledby="question-title">
      <Group gap="xs">
        {question.isPinned ? <Badge color="blue.9">Pinned</Badge> : null}
        {question.status === 'pending' ? (
          <Badge variant="light" color="yellow" c="dark.8">
            Waiting for approval
          </Badge>
        ) : null}
        {question.status === 'rejected' ? <Badge color="red.9">Not approved</Badge> : null}
        {question.acceptedAnswerId === null ? null : (
          <Badge color="teal.9" leftSection={<IconCircleCheck size={14} aria-hidden="true" />}>
            Answered
          </Badge>
        )}
      </Group>
      {isEditing ? (
        <Stack gap="xs">
          <TextInput
            label="Your question"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <RichTextEditor label="Details" value={body} onChange={setBody} />
          <TagsInput label="Topics" value={tags} onChange={setTags} maxTags={5} />
          <Group gap="xs" justify="flex-end">
            <Button variant="default" onClick={() => setIsEditing(false)}>
              Cancel
            </Button>
            <Button
              loading={edit.isPending}
              onClick={() =>
                edit.mutate(
                  { kind: 'question', id: question.id, changes: { title, body, tags } },
                  {
                    onSuccess: ({ question: saved }) => {
                      setIsEditing(false);
                      void navigate(paths.discussionQuestion(saved.id, saved.slug), { replace: true });
                    },
                  },
                )
              }
            >
              Save
            </Button>
          </Group>
        </Stack>
      ) : (
        <>
          <Title order={1} id="question-title">
            {question.title}
          </Title>
          <AuthorLine author={question.author} createdAt={question.createdAt} timeZone={props.timeZone} />
          {question.tags.length > 0 ? (
            <Group gap={4} aria-label="Topics">
              {question.tags.map((tag) => (
                <Badge key={tag} variant="outline" color="gray.8" tt="none">
                  {tag}
                </Badge>
              ))}
            </Group>
          ) : null}
          {question.body === '' ? null : <RichTextView html={question.body} />}
        </>
      )}
      <PostActions
        kind="question"
        id={question.id}
        can={question.can}
        upvoteCount={question.upvoteCount}
        hasUpvoted={question.hasUpvoted}
        isAuthor={question.author !== null && question.author.id === props.viewerId}
        isPinned={question.isPinned}
        onEdit={() => {
          setTitle(question.title);
          setBody(question.body);
          setTags(question.tags);
          setIsEditing(true);
        }}
        onDeleted={() => void navigate(paths.discussions())}
      >
        <Button
          size="compact-sm"
          variant={question.isFollowing ? 'filled' : 'outline'}
          aria-pressed={question.isFollowing}
          loading={follow.isPending}
          onClick={() =>
            follow.mutate(!question.isFollowing, {
              onSuccess: (result) =>
                notifications.show({
                  message: result.isFollowing
                    ? 'You will hear about new answers.'
                    : 'You no longer follow this question.',
                }),
            })
          }
        >
          {question.isFollowing ? 'Following' : 'Follow'}
          {followers === '' ? '' : ` · ${followers}`}
        </Button>
        {question.status === 'approved' ? (
          <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={isCommenting}
            onClick={() => setIsCommenting((value) => !value)}
          >
            Comment
          </Button>
        ) : null}
      </PostActions>
      {isCommenting ? (
        <CommentForm
          questionId={question.id}
          label="Comment on the question"
          onDone={() => setIsCommenting(false)}
        />
      ) : null}
      <CommentThread
        comments={question.comments}
        questionId={question.id}
        answerId={null}
        viewerId={props.viewerId}
        timeZone={props.timeZone}
        label="Comments on the question"
      />
    </Stack>
  );
}

/** The answer form under a question. */
function AnswerForm(props: { questionId: string }) {
  const answer = useAnswer(props.questionId);
  const [body, setBody] = useState('');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="answer-form-heading">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          answer.mutate(body, { onSuccess: () => setBody('') });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="answer-form-heading">
            Your answer
          </Title>
          <RichTextEditor
            label="Answer"
            value={body}
            onChange={setBody}
            placeholder="Share what you know. Type @ to mention someone."
            isRequired
          />
          <Group justify="flex-end">
            <Button type="submit" loading={answer.isPending} disabled={body === ''}>
              Post answer
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /discussion/question/{id}/{slug}: a question, its answers and nested comments (issue #7 item 1). */
export function QuestionPage() {
  const { id = '', slug = '' } = useParams();
  const question = useQuestion(id);
  const me = useCurrentUser();
  const navigate = useNavigate();
  const data = question.data?.question;
  usePageTitle(data?.title ?? 'Discussion');

  // An old or edited slug is replaced by the canonical one.
  useEffect(() => {
    if (data !== undefined && data.slug !== slug)
      void navigate(paths.discussionQuestion(data.id, data.slug), { replace: true });
  }, [data, slug, navigate]);

  if (question.isPending) return <LoadingState label="Loading the question…" />;
  if (question.isError) return <ErrorState error={question.error} onRetry={() => void question.refetch()} />;
  const detail = question.data.question;
  const viewerId = me.data?.id ?? null;
  const timeZone = me.data?.timezone ?? null;
  const answerCount = formatCount(detail.answerCount, POST_COUNT_THRESHOLD);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.discussions()} size="sm">
        ← All discussions
      </Anchor>
      <QuestionHeader question={detail} viewerId={viewerId} timeZone={timeZone} />
      <Stack gap="sm" component="section" aria-labelledby="answers-heading">
        <Title order={2} size="h3" id="answers-heading">
          {detail.answerCount === 0
            ? 'No answers yet'
            : `${answerCount} ${detail.answerCount === 1 ? 'answer' : 'answers'}`}
        </Title>
        {detail.answers.length === 0 ? <Text c="dimmed">Be the first to answer.</Text> : null}
        {detail.answers.map((answer) => (
          <AnswerCard
            key={answer.id}
            answer={answer}
            question={detail}
            viewerId={viewerId}
            timeZone={timeZone}
          />
        ))}
      </Stack>
      {detail.status === 'approved' ? <AnswerForm questionId={detail.id} /> : null}
    </Stack>
  );
}
