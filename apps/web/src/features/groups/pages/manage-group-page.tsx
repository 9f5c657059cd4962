import { Alert, Anchor, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { groupQueryOptions } from '../../../lib/current-group';
import { ManageHealth } from '../components/manage-health';
import { ManageInvite } from '../components/manage-invite';
import { ManageMatching } from '../components/manage-matching';
import { ManageMembers } from '../components/manage-members';
import { ManageQuestions } from '../components/manage-questions';
import { ManageSettingsForm } from '../components/manage-settings-form';
import { GROUP_TYPE_LABELS } from '../group-labels';

/** The sections of the manage page (questions, matching and health for programs only). */
const MANAGE_TABS: readonly string[] = ['settings', 'members', 'invite', 'questions', 'matching', 'health'];

/**
 * /manage-group/{id} and /manage-program/{id} (spec 2 Admin paths; the -v2 forms rewrite here): settings,
 * members, CSV invite, and for programs questions, matching and health. Group admins and hub admins with
 * the right edit; view-only admins see everything but every control that writes is off (spec 6).
 */
export function ManageGroupPage() {
  const { groupIdentifier = '' } = useParams();
  const group = useQuery({ ...groupQueryOptions(groupIdentifier), enabled: groupIdentifier !== '' });
  // ?tab= opens one section (the organisation admins' console links here; spec 6 Organisation admins).
  const [searchParams] = useSearchParams();
  const askedTab = searchParams.get('tab');
  const [tab, setTab] = useState<string | null>(
    askedTab !== null && MANAGE_TABS.includes(askedTab) ? askedTab : 'settings',
  );
  usePageTitle(group.data === undefined ? 'Manage' : `Manage ${group.data.name}`);
  if (group.isPending) return <LoadingState />;
  if (group.isError) return <ErrorState error={group.error} onRetry={() => void group.refetch()} />;
  const data = group.data;
  if (!data.can.manage && !data.can.viewAdminData) {
    return <EmptyState title="Only the admins of this group can open this page" />;
  }
  const isProgram = data.groupType === 'mentorshipProgram';
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          Manage {GROUP_TYPE_LABELS[data.groupType].toLowerCase()}
        </Text>
        <Title order={1}>{data.name}</Title>
        <Anchor component={Link} to={paths.groupPage(data.groupType, data.identifier)}>
          Open the {isProgram ? 'program' : data.groupType} page
        </Anchor>
      </Stack>
      {data.can.manage ? null : (
        <Alert color="blue" variant="outline" title="View only">
          You are a view-only admin: you can look at everything here, but not change it.
        </Alert>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label="Management sections">
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
          <Tabs.Tab value="members">Members</Tabs.Tab>
          <Tabs.Tab value="invite">Invite by CSV</Tabs.Tab>
          {isProgram ? <Tabs.Tab value="questions">Questions</Tabs.Tab> : null}
          {isProgram ? <Tabs.Tab value="matching">Matching</Tabs.Tab> : null}
          {isProgram ? <Tabs.Tab value="health">Health</Tabs.Tab> : null}
          {data.groupType === 'organization' ? (
            <Anchor
              component={Link}
              to={paths.organizationCommunications(data.identifier)}
              px="md"
              py="xs"
              size="sm"
            >
              Communications
            </Anchor>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="settings" pt="md">
          <ManageSettingsForm group={data} key={data.identifier} />
        </Tabs.Panel>
        <Tabs.Panel value="members" pt="md">
          <ManageMembers group={data} />
        </Tabs.Panel>
        <Tabs.Panel value="invite" pt="md">
          <ManageInvite group={data} />
        </Tabs.Panel>
        {isProgram ? (
          <>
            <Tabs.Panel value="questions" pt="md">
              <ManageQuestions group={data} />
            </Tabs.Panel>
            <Tabs.Panel value="matching" pt="md">
              <ManageMatching group={data} />
            </Tabs.Panel>
            <Tabs.Panel value="health" pt="md">
              <ManageHealth group={data} />
            </Tabs.Panel>
          </>
        ) : null}
      </Tabs>
    </Stack>
  );
}
