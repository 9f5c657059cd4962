import { endpointPath, FILE_ENDPOINTS, type TPathwayReviewItem } from '@commons/contract';
import { Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { apiDownload } from '../../../lib/api-client';

/** A profile answer's value as read. */
function answerValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'No answer';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** What the member submitted for a step in review: ticked items, the reflection, the file or the profile answer. */
export function ReviewAnswer({ item }: { item: TPathwayReviewItem }) {
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const { answer, step } = item;
  if (answer === null) return <Text size="sm">Marked as done.</Text>;
  switch (answer.kind) {
    case 'checklist': {
      const labels = step.kind === 'checklist' ? step.items : [];
      return (
        <List size="sm" spacing={2}>
          {labels.map((entry) => (
            <List.Item key={entry.id}>
              {answer.checkedItemIds.includes(entry.id) ? 'Done: ' : 'Not done: '}
              {entry.label}
            </List.Item>
          ))}
        </List>
      );
    }
    case 'reflection':
      return (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {answer.text}
        </Text>
      );
    case 'fileUpload': {
      const { file } = answer;
      if (file === null) return <Text size="sm">No file.</Text>;
      return (
        <Stack gap={4} align="flex-start">
          <Button
            size="compact-sm"
            variant="outline"
            onClick={() => {
              setDownloadError(null);
              apiDownload(endpointPath(FILE_ENDPOINTS.download.path, { id: file.id }), file.name).catch(
                (error: unknown) => setDownloadError(error),
              );
            }}
          >
            Download {file.name}
          </Button>
          <ErrorAlert error={downloadError} />
        </Stack>
      );
    }
    case 'profileQuestion':
      return (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {answerValueText(answer.answerData?.value)}
        </Text>
      );
  }
}
