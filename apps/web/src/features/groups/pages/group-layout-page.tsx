import type { TGroupDetail } from '@commons/contract';
import { GROUP_TABS, type TGroupTab } from '@commons/domain';
import { Anchor, Badge, Box, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { TabLinkNav } from '../../../components/tab-link-nav';
import { CoverImage } from '../../../components/cover-image';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useCurrentGroup } from '../../../lib/current-group';
import { brandColorVariables } from '../../../lib/hub-brand-colors';
import { MembershipActions } from '../components/membership-actions';
import { GROUP_TYPE_LABELS, tabLabel } from '../group-labels';

/** The part of a group page path after /{list}/{identifier}, e.g. '/members' or ''. */
function pathAfterIdentifier(pathname: string, identifier: string): string {
  const parts = pathname.split('/');
  return parts.slice(3).length === 0 || parts[2] !== encodeURIComponent(identifier)
    ? ''
    : `/${parts.slice(3).join('/')}`;
}

/** The tab a group page path shows ('events-v2' and 'event' were rewritten to 'events' before). */
function currentTab(rest: string): TGroupTab | null {
  const segment = rest.split('/')[1] ?? '';
  return (GROUP_TABS as readonly string[]).includes(segment) ? (segment as TGroupTab) : null;
}

function GroupHeader({ group }: { group: TGroupDetail }) {
  const counts =
    group.groupType === 'mentorshipProgram'
      ? `${group.memberCount} members · ${group.mentorCount} ${group.roleLabels.mentors} · ${group.menteeCount} ${group.roleLabels.mentees}`
      : `${group.memberCount} ${group.memberCount === 1 ? 'member' : 'members'}`;
  // An organisation's brand (spec 6 Organisation admins, branding-settings): its colour draws the header's buttons
  // and a rule under the banner, its logo stands beside the name.
  const { brandColor, logoUrl } = group.settings.branding;
  const brandStyle = brandColorVariables({ primaryColor: brandColor, secondaryColor: null });
  const hasBrandColor = Object.keys(brandStyle).length > 0;
  return (
    <Stack gap="xs" style={brandStyle}>
      <CoverImage url={group.coverImageUrl} variant="banner" />
      {hasBrandColor ? <Box h={4} bg={brandColor ?? undefined} style={{ borderRadius: 2 }} /> : null}
      <Group gap="xs">
        <Text size="sm" c="dimmed" fw={500}>
          {GROUP_TYPE_LABELS[group.groupType]} · {group.hub.name}
        </Text>
        {group.isHidden ? (
          <Badge variant="outline" color="gray.8">
            Hidden
          </Badge>
        ) : null}
        {group.joinPolicy === 'invite' ? (
          <Badge variant="outline" color="gray.8">
            Invitation only
          </Badge>
        ) : null}
      </Group>
      <Group gap="sm" wrap="nowrap">
        {logoUrl === null ? null : <Image src={logoUrl} alt="" h={48} w="auto" maw={120} fit="contain" />}
        <Title order={1}>{group.name}</Title>
      </Group>
      {group.description === '' ? null : <Text>{group.description}</Text>}
      <Text size="sm" c="dimmed">
        {counts}
      </Text>
      <Group justify="space-between" align="flex-start">
        <MembershipActions group={group} />
        {group.can.manage || group.can.viewAdminData ? (
          <Button
            variant="outline"
            component={Link}
            to={paths.manageGroup(group.groupType, group.identifier)}
          >
            {group.can.manage ? 'Manage' : 'Admin view of'}{' '}
            {group.groupType === 'mentorshipProgram' ? 'program' : group.groupType}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/**
 * /groups/{identifier}, /programs/{identifier} and /organizations/{identifier} (spec 2): the header
 * with the membership actions, the tabs this viewer may see (from the server's visible tabs), and the
 * tab page. Invited program members who have not registered go to continueRegistration (spec 4).
 */
export function GroupLayoutPage() {
  const group = useCurrentGroup();
  const { pathname } = useLocation();
  usePageTitle(group.data?.name ?? 'Group');

  if (group.isPending) return <LoadingState label="Loading the group…" />;
  if (group.isError) {
    return (
      <Stack>
        <Title order={1}>We could not load this group</Title>
        <ErrorState error={group.error} onRetry={() => void group.refetch()} />
      </Stack>
    );
  }
  const data = group.data;
  if (data.groupType === 'mentorshipProgram' && data.membership?.access === 'continueRegistration') {
    return (
      <Navigate
        replace
        to={paths.programOnboarding({ program: data.identifier, continueRegistration: true })}
      />
    );
  }
  const base = paths.groupPage(data.groupType, data.identifier);
  const rest = pathAfterIdentifier(pathname, data.identifier);
  // A program opened under /groups (or the other way round) moves to its own address.
  if (!pathname.startsWith(`${base}/`) && pathname !== base)
    return <Navigate replace to={`${base}${rest}`} />;
  const tab = currentTab(rest);
  if (tab === null && data.tabs[0] !== undefined) {
    return <Navigate replace to={paths.groupPage(data.groupType, data.identifier, data.tabs[0])} />;
  }
  const items = data.tabs.map((key) => ({
    key,
    name: tabLabel(key, data),
    href: paths.groupPage(data.groupType, data.identifier, key),
    isExternal: false,
    isExact: false,
  }));
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.groupList(data.groupType)} size="sm">
        All {data.groupType === 'mentorshipProgram' ? 'programs' : `${data.groupType}s`}
      </Anchor>
      <GroupHeader group={data} />
      <TabLinkNav label={`${data.name} sections`} items={items} isLoading={false} />
      <section aria-label={tab === null ? data.name : tabLabel(tab, data)}>
        {tab !== null && !data.tabs.includes(tab) ? (
          <EmptyState title="This section is not available">
            It is not shown to you in this{' '}
            {data.groupType === 'mentorshipProgram' ? 'program' : data.groupType}.
          </EmptyState>
        ) : (
          <Outlet />
        )}
      </section>
    </Stack>
  );
}
