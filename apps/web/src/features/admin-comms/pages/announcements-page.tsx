import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { RichTextView } from '../../../components/rich-text-editor';
import { usePageTitle } from '../../../components/use-page-title';
import { surveyPaths } from '../../../config/survey-paths';
import { formatDateTime, useViewerTimeZone } from '../../../lib/viewer-time';
import { useDismissAnnouncement, useMyAnnouncements } from '../api/bulk-messages';

/**
 * {hubPath}/announcements (issue #22 item 3): the hub admins' announcements addressed to the viewer, newest first;
 * the 'hub.announcement' notification leads here. New ones are marked until the member marks them read.
 */
export function AnnouncementsPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Announcements');
  const timeZone = useViewerTimeZone();
  const list = useMyAnnouncements(identifier);
  const dismiss = useDismissAnnouncement(identifier);
  const heading = (
    <Group justify="space-between" align="baseline" wrap="wrap">
      <Title order={1}>Announcements</Title>
      <Anchor component={Link} to={surveyPaths.mine(identifier)}>
        Surveys for you
      </Anchor>
    </Group>
  );
  if (list.isPending) return <LoadingState label="Loading announcements…" />;
  if (list.isError)
    return (
      <Stack>
        {heading}
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      </Stack>
    );
  const items = list.data.items;
  return (
    <Stack gap="lg">
      {heading}
      {items.length === 0 ? (
        <EmptyState title="No announcements">Announcements from your hub’s admins appear here.</EmptyState>
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Paper component="li" key={item.id} withBorder p="md" radius="md">
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap">
                  <Title order={2} size="h4">
                    {item.subject}
                  </Title>
                  {item.isDismissed ? null : <Badge color="blue.8">New</Badge>}
                </Group>
                <Text size="sm" c="gray.7">
                  {formatDateTime(item.sentAt, timeZone)}
                </Text>
                <RichTextView html={item.body} />
                {item.isDismissed ? null : (
                  <Group>
                    <Button
                      size="xs"
                      variant="default"
                      loading={dismiss.isPending && dismiss.variables === item.id}
                      onClick={() => dismiss.mutate(item.id)}
                      aria-label={`Mark “${item.subject}” read`}
                    >
                      Mark read
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
