import {
  APPLICATION_NOTE_MAX,
  APPLICATION_RESUME_REQUIRED,
  type TJobApplication,
  type TJobPost,
} from '@commons/contract';
import { Button, FileInput, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import { uploadCheckedApplicationFile, useApply, useMyProfileFiles } from '../api/job-applications';
import { APPLICATION_FILE_ACCEPT } from '../application-file';

/** 'none', a profile file's id, or 'upload'. */
type TResumeChoice = string;

/**
 * Apply to an internal post (issue #19 item 3): a note and a resume, chosen among the viewer's profile
 * documents or uploaded for this application (not added to the profile). A post that requires a resume
 * does not offer "No resume".
 */
export function ApplyModal(props: {
  hubIdentifier: string;
  post: TJobPost;
  opened: boolean;
  onClose: () => void;
  onApplied: (application: TJobApplication) => void;
}) {
  const { post } = props;
  const files = useMyProfileFiles(props.hubIdentifier, props.opened);
  const apply = useApply(props.hubIdentifier);
  const [note, setNote] = useState('');
  const [choice, setChoice] = useState<TResumeChoice>(post.isResumeRequired ? '' : 'none');
  const [upload, setUpload] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const fieldErrors = isApiError(apply.error) ? apply.error.fields : {};
  const resumeError = problem ?? fieldErrors['resumeFileId'] ?? null;

  const handleSubmit = async () => {
    setProblem(null);
    apply.reset();
    let resumeFileId: string | null = null;
    if (choice === 'upload') {
      if (upload === null) {
        setProblem('Choose the file to upload.');
        return;
      }
      setIsUploading(true);
      const uploaded = await uploadCheckedApplicationFile(props.hubIdentifier, upload);
      setIsUploading(false);
      if ('problem' in uploaded) {
        setProblem(uploaded.problem);
        return;
      }
      resumeFileId = uploaded.id;
    } else if (choice !== 'none' && choice !== '') {
      resumeFileId = choice;
    }
    if (post.isResumeRequired && resumeFileId === null) {
      setProblem(APPLICATION_RESUME_REQUIRED);
      return;
    }
    apply.mutate({ postId: post.id, body: { note, resumeFileId } }, { onSuccess: props.onApplied });
  };

  const profileFiles = files.data ?? [];
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Apply: ${post.title}`} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit();
        }}
      >
        <Stack gap="md">
          <Textarea
            label="Note to the poster"
            description="Why this interests you and what you bring (optional)."
            autosize
            minRows={4}
            maxLength={APPLICATION_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={fieldErrors['note']}
          />
          {files.isPending ? (
            <LoadingState label="Loading your files…" />
          ) : (
            <Radio.Group
              label={post.isResumeRequired ? 'Resume' : 'Resume (optional)'}
              description="One of your profile documents, or a file for this application only."
              value={choice}
              onChange={(value) => {
                setChoice(value);
                setProblem(null);
              }}
              error={resumeError}
              withAsterisk={post.isResumeRequired}
            >
              <Stack gap={8} mt="xs">
                {post.isResumeRequired ? null : <Radio value="none" label="No resume" />}
                {profileFiles.map((file) => (
                  <Radio key={file.id} value={file.id} label={`${file.name} (from your profile)`} />
                ))}
                <Radio value="upload" label="Upload a file" />
              </Stack>
            </Radio.Group>
          )}
          {choice === 'upload' ? (
            <FileInput
              label="File to upload"
              description="PDF or Word (DOCX), at most 10 MB."
              accept={APPLICATION_FILE_ACCEPT}
              value={upload}
              onChange={(file) => {
                setUpload(file);
                setProblem(null);
              }}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
              placeholder="Choose a file"
            />
          ) : null}
          {files.isError ? (
            <Text size="sm">Your profile files could not be loaded; you can still upload one.</Text>
          ) : null}
          {Object.keys(fieldErrors).length === 0 ? <ErrorAlert error={apply.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={apply.isPending || isUploading}>
              Send application
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
