import type { TUserFile } from '@commons/contract';
import { Button, Group, List, NativeSelect, Stack, Text } from '@mantine/core';
import { useId, useState, type ChangeEvent } from 'react';
import { isApiError } from '../../../lib/api-error';
import { downloadUserFile, useDeleteUserFile, useUploadUserFile } from '../api/user-files';
import { ErrorAlert } from '../../../components/error-alert';
import { errorText } from '../../../components/error-state';

const FILE_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];
const FILE_MAX_BYTES = 10 * 1024 * 1024;

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Resume and documents of a profile: download for viewers who may see them; upload and delete for the owner. */
export function FilesPanel({ files, canEdit }: { files: TUserFile[]; canEdit: boolean }) {
  const inputId = useId();
  const [kind, setKind] = useState<TUserFile['kind']>('resume');
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadUserFile();
  const remove = useDeleteUserFile();

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (file === undefined) return;
    if (!FILE_TYPES.includes(file.type) && !/\.(pdf|docx)$/i.test(file.name)) {
      setProblem('Choose a PDF or Word (DOCX) file.');
      return;
    }
    if (file.size > FILE_MAX_BYTES) {
      setProblem('Choose a file of at most 10 MB.');
      return;
    }
    setProblem(null);
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => {
          input.value = '';
        },
        onError: (error) =>
          setProblem(
            isApiError(error) && error.fields.file !== undefined ? error.fields.file : errorText(error),
          ),
      },
    );
  };

  const handleDownload = (file: TUserFile) => {
    downloadUserFile(file).catch((error: unknown) => setProblem(errorText(error)));
  };

  return (
    <Stack gap="md">
      {files.length === 0 ? (
        <Text c="dimmed">No files yet.</Text>
      ) : (
        <List spacing="xs" listStyleType="none">
          {files.map((file) => (
            <List.Item key={file.id}>
              <Group gap="sm" wrap="wrap">
                <Text>
                  {file.name}{' '}
                  <Text span c="dimmed" size="sm">
                    ({file.kind === 'resume' ? 'Resume' : 'Document'}, {sizeText(file.sizeBytes)})
                  </Text>
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => handleDownload(file)}
                  aria-label={`Download ${file.name}`}
                >
                  Download
                </Button>
                {canEdit ? (
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    loading={remove.isPending && remove.variables === file.id}
                    onClick={() => remove.mutate(file.id)}
                    aria-label={`Delete ${file.name}`}
                  >
                    Delete
                  </Button>
                ) : null}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {canEdit ? (
        <Group align="flex-end" gap="md">
          <NativeSelect
            label="Kind of file"
            data={[
              { value: 'resume', label: 'Resume' },
              { value: 'document', label: 'Document' },
            ]}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value === 'document' ? 'document' : 'resume')}
          />
          <Stack gap={4}>
            <Text component="label" htmlFor={inputId} size="sm" fw={500}>
              Upload a file (PDF or DOCX, up to 10 MB)
            </Text>
            <input
              id={inputId}
              type="file"
              accept=".pdf,.docx"
              onChange={handleChange}
              disabled={upload.isPending}
            />
          </Stack>
        </Group>
      ) : null}
      <div aria-live="polite">
        {upload.isPending ? <Text size="sm">Uploading…</Text> : null}
        {problem === null ? null : <ErrorAlert error={true}>{problem}</ErrorAlert>}
      </div>
    </Stack>
  );
}
