import { ZGroupAnnouncementRequest, ANNOUNCEMENTS_PER_DAY } from '@commons/contract';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { groupQueryOptions } from '../../../lib/current-group';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { onInvalidSubmit } from '../../../lib/focus-first-invalid-field';
import { zodFormValidator } from '../../../lib/zod-form-validator';
import { useAnnouncements, useSendAnnouncement } from '../api/group-admin-api';

/**
 * /organizations/{id}/organization-manager/communications (spec 2): an announcement email to the
 * organization's members, queued, at most three a day, never to members who unsubscribed; and the history.
 */
export function OrganizationCommunicationsPage() {
  const { identifier = '' } = useParams();
  const group = useQuery({ ...groupQueryOptions(identifier), enabled: identifier !== '' });
  const isAllowed =
    group.data !== undefined &&
    group.data.groupType === 'organization' &&
    (group.data.can.sendCommunications || group.data.can.viewAdminData);
  const overview = useAnnouncements(identifier, isAllowed);
  const send = useSendAnnouncement(identifier);
  const timeZone = useViewerTimeZone();
  const form = useForm({
    initialValues: { subject: '', body: '' },
    validate: zodFormValidator(ZGroupAnnouncementRequest),
  });
  usePageTitle('Organization communications');
  if (group.isPending) return <LoadingState />;
  if (group.isError) return <ErrorState error={group.error} onRetry={() => void group.refetch()} />;
  if (!isAllowed) return <EmptyState title="Only the admins of this organization can send announcements" />;
  const data = group.data;
  const handleSubmit = form.onSubmit(
    (values) =>
      send.mutate(values, {
        onSuccess: (result) => {
          form.reset();
          notifications.show({
            message: `Announcement queued for ${result.announcement.recipientCount} ${result.announcement.recipientCount === 1 ? 'member' : 'members'}.`,
          });
        },
      }),
    onInvalidSubmit,
  );
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Communications</Title>
        <Anchor component={Link} to={paths.groupPage('organization', data.identifier)}>
          {data.name}
        </Anchor>
      </Stack>
      {overview.isPending ? (
        <LoadingState />
      ) : overview.isError ? (
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <Text>
            An announcement goes by email to the {overview.data.recipientCount}{' '}
            {overview.data.recipientCount === 1 ? 'member' : 'members'} who have not unsubscribed. You can
            send {ANNOUNCEMENTS_PER_DAY} a day; {overview.data.remainingToday} left today.
          </Text>
          {data.can.sendCommunications ? (
            <form onSubmit={handleSubmit} aria-label="New announcement" noValidate>
              <Stack>
                <TextInput label="Subject" required {...form.getInputProps('subject')} />
                <Textarea label="Message" required autosize minRows={6} {...form.getInputProps('body')} />
                <ErrorAlert error={send.error} />
                <Group>
                  <Button type="submit" loading={send.isPending} disabled={!overview.data.canSend}>
                    Send announcement
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            <Alert color="blue" variant="outline" title="View only">
              You can read past announcements but not send one.
            </Alert>
          )}
          <Title order={2} size="h3">
            Sent announcements
          </Title>
          {overview.data.items.length === 0 ? (
            <EmptyState title="No announcements yet" />
          ) : (
            <Stack
              gap="sm"
              component="ul"
              aria-label="Sent announcements"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {overview.data.items.map((item) => (
                <Paper withBorder p="md" radius="md" component="li" key={item.id}>
                  <Text fw={600}>{item.subject}</Text>
                  <Text size="sm" c="dimmed">
                    {formatInZone(item.createdAt, 'medium', timeZone)} · {item.recipientCount} recipients
                    {item.sentBy === null ? '' : ` · by ${item.sentBy}`}
                  </Text>
                  <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                    {item.body}
                  </Text>
                </Paper>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
