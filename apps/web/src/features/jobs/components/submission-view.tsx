import type { TJobApplication } from '@commons/contract';
import { Anchor, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { formatInZone } from '../../../lib/viewer-time';
import { downloadApplicationFile } from '../api/job-applications';

/** A file of an application (resume or work), downloaded with the bearer token. */
export function ApplicationFileButton(props: {
  application: TJobApplication;
  file: NonNullable<TJobApplication['resume']>;
  label: string;
}) {
  const [error, setError] = useState<unknown>(null);
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        onClick={() => {
          setError(null);
          downloadApplicationFile({ applicationId: props.application.id, file: props.file }).catch(setError);
        }}
        aria-label={`${props.label}: ${props.file.name}`}
        style={{ alignSelf: 'flex-start' }}
      >
        {props.label}: {props.file.name}
      </Button>
      <ErrorAlert error={error} />
    </Stack>
  );
}

/** The work a hired applicant submitted, and the owner's review of it, when there are. */
export function SubmissionView(props: { application: TJobApplication; timeZone: string }) {
  const { submission, review } = props.application;
  if (submission === null && review === null) return null;
  return (
    <Stack gap={6}>
      {submission === null ? null : (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Work submitted {formatInZone(submission.submittedAt, 'medium', props.timeZone)}
          </Text>
          {submission.text === null ? null : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {submission.text}
            </Text>
          )}
          {submission.url === null ? null : (
            <Anchor
              href={submission.url}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {submission.url}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Anchor>
          )}
          {submission.file === null ? null : (
            <ApplicationFileButton application={props.application} file={submission.file} label="Work file" />
          )}
        </Stack>
      )}
      {review === null ? null : (
        <Text size="sm">
          <Text span fw={600}>
            {review.outcome === 'completed' ? 'Marked completed' : 'Marked not completed'}
          </Text>{' '}
          {formatInZone(review.reviewedAt, 'medium', props.timeZone)}
          {review.note === null ? '' : `: ${review.note}`}
        </Text>
      )}
    </Stack>
  );
}
