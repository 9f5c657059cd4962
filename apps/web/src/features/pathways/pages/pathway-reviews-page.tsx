import type { TPathwayReviewItem } from '@commons/contract';
import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime, useViewerTimeZone } from '../../../lib/viewer-time';
import { useDecideStep, usePathwayReviews } from '../api/pathways-admin';
import { PathwayCrumbs } from '../components/pathway-crumbs';
import { ReviewAnswer } from '../components/review-answer';
import { STEP_KIND_LABELS } from '../pathway-steps';

type TDecision = { item: TPathwayReviewItem; decision: 'approve' | 'sendBack' };

/** Approve (with an optional note) or send back (with a note saying what to change), confirmed in a dialog. */
function DecisionDialog(props: { hubIdentifier: string; decision: TDecision; onClose: () => void }) {
  const { item, decision } = props.decision;
  const decide = useDecideStep(props.hubIdentifier);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const isApprove = decision === 'approve';
  const serverNoteError = isApiError(decide.error) ? decide.error.fields['note'] : undefined;
  const handleConfirm = () => {
    if (!isApprove && note.trim() === '') {
      setNoteError('Say what to change.');
      return;
    }
    setNoteError(null);
    decide.mutate(
      { id: item.id, decision, note: note.trim() },
      {
        onSuccess: () => {
          notifications.show({
            color: isApprove ? 'green' : 'gray',
            message: isApprove
              ? `“${item.step.title}” of ${item.member.fullName} is approved.`
              : `“${item.step.title}” is sent back to ${item.member.fullName}.`,
          });
          props.onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`${isApprove ? 'Approve' : 'Send back'} “${item.step.title}” of ${item.member.fullName}?`}
    >
      <Stack>
        <Text size="sm">
          {isApprove
            ? 'The step is completed and the member is told.'
            : 'The step is in progress again; the member is told, with your note.'}
        </Text>
        <Textarea
          label={isApprove ? 'Note to the member (optional)' : 'What should they change?'}
          required={!isApprove}
          autosize
          minRows={3}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={noteError ?? serverNoteError}
          data-autofocus
        />
        {serverNoteError === undefined ? <ErrorAlert error={decide.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button color={isApprove ? undefined : 'red.9'} loading={decide.isPending} onClick={handleConfirm}>
            {isApprove ? 'Approve' : 'Send back'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One submitted step: who, which pathway and step, when, what they answered, and the two decisions. */
function ReviewCard(props: {
  item: TPathwayReviewItem;
  timeZone: string;
  onDecide: (decision: TDecision) => void;
}) {
  const { item } = props;
  const titleId = `review-${item.id}`;
  const name = `${item.step.title} of ${item.member.fullName}`;
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Stack gap={2}>
          <Text fw={700} id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {item.step.title}
          </Text>
          <Text size="sm">
            <Anchor component={Link} to={paths.profile(item.member.identifier)}>
              {item.member.fullName}
            </Anchor>{' '}
            · {item.pathway.title} · step {item.stepIndex + 1} · {STEP_KIND_LABELS[item.step.kind]}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="gray.7">
              Submitted {formatDateTime(item.submittedAt, props.timeZone)}
            </Text>
            {item.reviewerRole === 'mentor' ? (
              <Badge color="gray.8" variant="filled" radius="sm" tt="none">
                Your mentee
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Paper bg="gray.0" p="sm" radius="sm">
          <ReviewAnswer item={item} />
        </Paper>
        <Group gap="xs">
          {item.can.approve ? (
            <Button
              size="xs"
              aria-label={`Approve ${name}`}
              onClick={() => props.onDecide({ item, decision: 'approve' })}
            >
              Approve
            </Button>
          ) : null}
          {item.can.sendBack ? (
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              aria-label={`Send back ${name}`}
              onClick={() => props.onDecide({ item, decision: 'sendBack' })}
            >
              Send back
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * {hubPath}/pathways/reviews (issue #20 item 1): the submitted steps that need review (spec 4 pending), oldest
 * first, for hub admins with manage-pathways and for the members' program mentors; approve completes the step,
 * send back (with a note) puts it in progress again. The member is told either way.
 */
export function PathwayReviewsPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Pathway review queue');
  const timeZone = useViewerTimeZone();
  const reviews = usePathwayReviews(identifier);
  const [deciding, setDeciding] = useState<TDecision | null>(null);
  let body;
  if (reviews.isPending) body = <LoadingState label="Loading the steps waiting for review…" />;
  else if (reviews.isError)
    body =
      isApiError(reviews.error) && reviews.error.status === 403 ? (
        <EmptyState title="You cannot review pathway steps here">
          Reviewing needs the “manage pathways” right in this hub, or a mentee in a program whose pathway
          steps need review.
        </EmptyState>
      ) : (
        <ErrorState error={reviews.error} onRetry={() => void reviews.refetch()} />
      );
  else {
    const items = reviews.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <EmptyState title="Nothing waits for review">
          Steps that need review show here once members submit them.
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Steps waiting for review"
          >
            {items.map((item) => (
              <ReviewCard key={item.id} item={item} timeZone={timeZone} onDecide={setDeciding} />
            ))}
          </Stack>
          {reviews.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="outline"
                onClick={() => void reviews.fetchNextPage()}
                loading={reviews.isFetchingNextPage}
              >
                Show more
              </Button>
            </Group>
          ) : null}
        </Stack>
      );
  }
  return (
    <Stack gap="lg">
      <PathwayCrumbs hubIdentifier={identifier} />
      <Stack gap={4}>
        <Title order={1}>Review queue</Title>
        <Text c="gray.7">Pathway steps members submitted for review, oldest first.</Text>
      </Stack>
      {body}
      {deciding === null ? null : (
        <DecisionDialog hubIdentifier={identifier} decision={deciding} onClose={() => setDeciding(null)} />
      )}
    </Stack>
  );
}
