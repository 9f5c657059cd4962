import type { TResource } from '@commons/contract';
import { Button, Group, List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorText } from '../../../components/error-state';
import { downloadAttachment } from '../api/download-attachment';
import { formatFileSize } from '../resource-rules';

/** The files of a resource, each downloaded through a short-lived signed link (spec 7 resource-URL helper). */
export function AttachmentList(props: { attachments: TResource['attachments']; hubId?: string }) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const handleDownload = async (fileId: string) => {
    setBusyId(fileId);
    try {
      await downloadAttachment(fileId, props.hubId);
    } catch (error) {
      notifications.show({ color: 'red', title: 'The download did not start', message: errorText(error) });
    } finally {
      setBusyId(null);
    }
  };
  return (
    <List listStyleType="none" spacing="xs" p={0}>
      {props.attachments.map((file) => (
        <List.Item key={file.id}>
          <Group gap="sm" wrap="wrap">
            <Button
              variant="outline"
              size="xs"
              loading={busyId === file.id}
              onClick={() => void handleDownload(file.id)}
              aria-label={`Download ${file.name}`}
            >
              Download
            </Button>
            <Text size="sm">
              {file.name}{' '}
              <Text component="span" size="sm" c="dimmed">
                ({formatFileSize(file.sizeBytes)})
              </Text>
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
