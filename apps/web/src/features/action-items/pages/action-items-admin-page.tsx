import type { TActionItemAdminEntry } from '@commons/contract';
import { Accordion, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-error';
import { useActionItemSettings } from '../api/action-item-settings';
import { ActionItemSettingForm } from '../components/action-item-setting-form';

/** The offered items grouped under their heading, headings in the order their first item comes. */
export function groupByHeading(
  items: readonly TActionItemAdminEntry[],
): Array<{ heading: string; items: TActionItemAdminEntry[] }> {
  const groups = new Map<string, TActionItemAdminEntry[]>();
  for (const item of items) groups.set(item.heading, [...(groups.get(item.heading) ?? []), item]);
  return [...groups].map(([heading, grouped]) => ({ heading, items: grouped }));
}

/** An element id for a heading's section (ids have no spaces). */
const headingId = (heading: string) => `action-items-${heading.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/**
 * {hubPath}/site-admin/action-items: hub admins with branding-settings edit the action item banners
 * members see on their home (issue #18 item 4, spec 3 Action items), each with a preview.
 */
export function ActionItemsAdminPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Action items');
  const settings = useActionItemSettings(identifier);
  const heading = <Title order={1}>Action items</Title>;

  if (settings.isPending) return <LoadingState label="Loading the action items…" />;
  if (settings.isError) {
    return (
      <Stack>
        {heading}
        {isApiError(settings.error) && settings.error.status === 403 ? (
          <EmptyState title="You cannot edit action items here">
            Editing action items needs the “branding settings” right in this hub.
          </EmptyState>
        ) : (
          <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
        )}
      </Stack>
    );
  }
  const groups = groupByHeading(settings.data.items);
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        {heading}
        <Text c="dark.6" maw={720}>
          The next steps members see on their home, under “Your next steps”. Each completes by itself when the
          member does what it asks; the custom item is marked done by hand. Edits apply to this hub only.
        </Text>
      </Stack>
      {groups.length === 0 ? (
        <EmptyState title="No action items to edit">
          Action items appear here once their features exist.
        </EmptyState>
      ) : (
        groups.map((group) => (
          <Stack gap="sm" key={group.heading} component="section" aria-labelledby={headingId(group.heading)}>
            <Title order={2} id={headingId(group.heading)} size="h3">
              {group.heading}
            </Title>
            <Accordion variant="separated" multiple chevronPosition="left">
              {group.items.map((item) => (
                <Accordion.Item key={item.type} value={item.type}>
                  <Accordion.Control>
                    <Group gap="sm" justify="space-between" wrap="nowrap">
                      <Text fw={600}>{item.banner.title}</Text>
                      <Badge
                        color={item.setting.isEnabled ? 'teal.9' : 'gray.7'}
                        variant="filled"
                        style={{ flexShrink: 0 }}
                      >
                        {item.setting.isEnabled ? 'On' : 'Off'}
                      </Badge>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <ActionItemSettingForm hubIdentifier={identifier} entry={item} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Stack>
        ))
      )}
    </Stack>
  );
}
