import { endpointPath, FILE_ENDPOINTS, type TPathwayStep, type TPathwayStepState } from '@commons/contract';
import { Button, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { useState, type RefObject } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { fileSizeLabel, STEP_FILE_ACCEPT, stepFileProblem } from '../answer-rules';
import { useStepAutosave, type TFlushAnswer } from '../use-step-autosave';
import { SaveStatus } from './save-status';

type TFileStep = Extract<TPathwayStep, { kind: 'fileUpload' }>;
type TChosenFile = { id: string; name: string; sizeBytes: number };

/** POST /api/profiles/me/files (kind document): the member's document, which the step's answer then names. */
function uploadDocument(file: File) {
  const body = new FormData();
  body.append('kind', 'document');
  body.append('file', file, file.name);
  const endpoint = FILE_ENDPOINTS.uploadFile;
  // Multipart, so apiRequest() with the endpoint's path and schema (callEndpoint() sends declared bodies).
  return apiRequest(endpoint.path, {
    method: endpoint.method,
    body,
    schema: endpoint.response,
    hubId: null,
    isErrorToastSuppressed: true,
  }).then((answer) => answer.file);
}

/** A file upload step: upload a document (saved as the step's answer at once), download or remove it. */
export function FileUploadAnswer(props: {
  hubIdentifier: string;
  slug: string;
  step: TFileStep;
  state: TPathwayStepState;
  isEditable: boolean;
  flushRef: RefObject<TFlushAnswer | null>;
}) {
  const savedFile = props.state.answer?.kind === 'fileUpload' ? props.state.answer.file : null;
  const [file, setFile] = useState<TChosenFile | null>(savedFile);
  const [isUploading, setIsUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const autosave = useStepAutosave({
    hubIdentifier: props.hubIdentifier,
    slug: props.slug,
    stepId: props.step.id,
    delayMs: 0,
    flushRef: props.flushRef,
  });

  const handleChoose = async (chosen: File | null) => {
    setProblem(null);
    if (chosen === null) return;
    const check = stepFileProblem(chosen);
    if (check !== null) {
      setProblem(check);
      return;
    }
    setIsUploading(true);
    try {
      const uploaded = await uploadDocument(chosen);
      setFile(uploaded);
      autosave.change({ kind: 'fileUpload', fileId: uploaded.id });
    } catch (error) {
      setProblem(
        isApiError(error)
          ? (error.fields['file'] ?? error.userMessage ?? 'The upload failed.')
          : 'The upload failed.',
      );
    } finally {
      setIsUploading(false);
    }
  };

  const handleDownload = (chosen: TChosenFile) => {
    setDownloadError(null);
    apiDownload(endpointPath(FILE_ENDPOINTS.download.path, { id: chosen.id }), chosen.name).catch(
      (error: unknown) => setDownloadError(error),
    );
  };

  return (
    <Stack gap="xs">
      {file === null ? null : (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" gap="xs">
            <Stack gap={0} miw={0}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {file.name}
              </Text>
              <Text size="sm" c="gray.7">
                {fileSizeLabel(file.sizeBytes)}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button size="compact-sm" variant="outline" onClick={() => handleDownload(file)}>
                Download
              </Button>
              {props.isEditable ? (
                <Button
                  size="compact-sm"
                  variant="outline"
                  color="red.9"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => {
                    setFile(null);
                    autosave.change({ kind: 'fileUpload', fileId: null });
                  }}
                >
                  Remove
                </Button>
              ) : null}
            </Group>
          </Group>
        </Paper>
      )}
      <ErrorAlert error={downloadError} />
      {props.isEditable ? (
        <FileInput
          label={file === null ? 'Upload your file' : 'Replace it with another file'}
          description="PDF or Word (DOCX), at most 10 MB. It is saved as soon as it is uploaded."
          accept={STEP_FILE_ACCEPT}
          value={null}
          onChange={(chosen) => void handleChoose(chosen)}
          placeholder={isUploading ? 'Uploading…' : 'Choose a file'}
          disabled={isUploading}
          error={problem}
        />
      ) : null}
      <SaveStatus
        status={isUploading ? 'saving' : autosave.status}
        error={autosave.error}
        unsavedReason={null}
        onRetry={() => void autosave.retry()}
      />
    </Stack>
  );
}
