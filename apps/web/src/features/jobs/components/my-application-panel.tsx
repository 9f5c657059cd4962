import { SUBMISSION_TEXT_MAX, type TJobApplication } from '@commons/contract';
import { PROJECT_STATUS_LABELS } from '@commons/domain';
import {
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { formatInZone } from '../../../lib/viewer-time';
import { uploadCheckedApplicationFile, useApplicationMove } from '../api/job-applications';
import { APPLICATION_FILE_ACCEPT } from '../application-file';
import { applicationBadgeColour, moveLabel, stateLabel } from '../application-status';
import { MoveDialog } from './move-dialog';
import { ApplicationFileButton, SubmissionView } from './submission-view';

/**
 * The hired student's work (issue #19 item 3): a text, a link and a file, any of them, sent once for the
 * owner's review.
 */
function SubmitWorkForm(props: { hubIdentifier: string; application: TJobApplication }) {
  const move = useApplicationMove(props.hubIdentifier);
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const fields = isApiError(move.error) ? move.error.fields : {};

  const handleSubmit = async () => {
    setProblem(null);
    move.reset();
    let fileId: string | null = null;
    if (file !== null) {
      setIsUploading(true);
      const uploaded = await uploadCheckedApplicationFile(props.hubIdentifier, file);
      setIsUploading(false);
      if ('problem' in uploaded) {
        setProblem(uploaded.problem);
        return;
      }
      fileId = uploaded.id;
    }
    move.mutate(
      {
        applicationId: props.application.id,
        move: {
          action: 'submit',
          work: {
            text: text.trim() === '' ? null : text,
            url: url.trim() === '' ? null : url.trim(),
            fileId,
          },
        },
      },
      { onSuccess: () => notifications.show({ color: 'green', message: 'Your work was sent for review.' }) },
    );
  };

  return (
    <form
      noValidate
      aria-labelledby="submit-work-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void handleSubmit();
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id="submit-work-heading">
          Submit your work
        </Title>
        <Text size="sm" c="dimmed">
          Add a text, a link or a file (or several). The poster reviews it and marks the project completed.
        </Text>
        <Textarea
          label="What you did"
          autosize
          minRows={4}
          maxLength={SUBMISSION_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={fields['text']}
        />
        <TextInput
          label="Link"
          description="A shared document, a repository or a portfolio page."
          placeholder="https://"
          type="url"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={fields['url']}
        />
        <FileInput
          label="File"
          description="PDF or Word (DOCX), at most 10 MB."
          accept={APPLICATION_FILE_ACCEPT}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setProblem(null);
          }}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
          placeholder="Choose a file"
          error={problem ?? fields['fileId']}
        />
        {Object.keys(fields).length === 0 ? <ErrorAlert error={move.error} /> : null}
        <Group>
          <Button type="submit" loading={move.isPending || isUploading}>
            {moveLabel('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The viewer's own application on a post's page: its state in the domain's words (and a hired project's
 * status in the applicant's view), the note and resume sent, the work and its review; Withdraw while
 * undecided, and the submit-work form once the work is under way.
 */
export function MyApplicationPanel(props: {
  hubIdentifier: string;
  application: TJobApplication;
  timeZone: string;
}) {
  const { application } = props;
  const move = useApplicationMove(props.hubIdentifier);
  const [isWithdrawing, setIsWithdrawing] = useState(false);
  const colour = applicationBadgeColour(application.state);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-application-heading">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h3" id="my-application-heading">
            Your application
          </Title>
          <Badge variant="light" {...colour} tt="none" size="lg">
            {stateLabel(application.state)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Sent {formatInZone(application.createdAt, 'medium', props.timeZone)}
          {application.projectStatus === null
            ? ''
            : ` · Project status: ${PROJECT_STATUS_LABELS[application.projectStatus]}`}
        </Text>
        {application.note === '' ? null : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {application.note}
          </Text>
        )}
        {application.resume === null ? null : (
          <ApplicationFileButton application={application} file={application.resume} label="Resume" />
        )}
        <SubmissionView application={application} timeZone={props.timeZone} />
        {application.state === 'notStarted' ? (
          <Text size="sm">
            You are hired. The work starts on the project’s start date; you can submit it once it is under
            way.
          </Text>
        ) : null}
        {application.can.submit ? (
          <SubmitWorkForm hubIdentifier={props.hubIdentifier} application={application} />
        ) : null}
        {application.can.withdraw ? (
          <Group>
            <Button variant="outline" color="red.9" size="xs" onClick={() => setIsWithdrawing(true)}>
              {moveLabel('withdraw')} my application
            </Button>
          </Group>
        ) : null}
      </Stack>
      {isWithdrawing ? (
        <MoveDialog
          opened
          title="Withdraw your application?"
          explanation="The poster is told. You cannot apply to this post again."
          fieldLabel="Message to the poster (optional)"
          confirmLabel={moveLabel('withdraw')}
          isDanger
          isPending={move.isPending}
          error={move.error}
          onClose={() => {
            setIsWithdrawing(false);
            move.reset();
          }}
          onConfirm={(message) =>
            move.mutate(
              { applicationId: application.id, move: { action: 'withdraw', message } },
              { onSuccess: () => setIsWithdrawing(false) },
            )
          }
        />
      ) : null}
    </Paper>
  );
}
