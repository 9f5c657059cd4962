import type { TBadge } from '@commons/contract';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BadgeMedal } from '../../../components/badge-medal';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/current-user';
import { useHubFeatures } from '../../../lib/hub-query';
import { findMembership } from '../../../lib/hub-membership';
import { useDeleteBadge, useHubBadges } from '../api/badges-api';
import { BadgeFormModal } from '../components/badge-form-modal';

/** The hub access right that lets an admin create and edit badges (Commons, spec 6 'and more'). */
const MANAGE_BADGES_RIGHT = 'manage-badges';

type TEditing = { badge: TBadge | null; key: number } | null;

/**
 * {hubPath}/site-admin/badges (issue #18 item 5): hub admins with manage-badges list the hub's badges and
 * create, edit, turn off or delete them. Members earn a badge by themselves from the rule's events.
 */
export function BadgesAdminPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Badges');
  const me = useCurrentUser();
  const membership = me.data === undefined ? undefined : findMembership(me.data, identifier);
  const mayManage =
    membership?.accessRights.includes(MANAGE_BADGES_RIGHT) === true || me.data?.isAdmin === true;
  const badges = useHubBadges(identifier, mayManage);
  const remove = useDeleteBadge(identifier);
  const [editing, setEditing] = useState<TEditing>(null);
  const [deleting, setDeleting] = useState<TBadge | null>(null);
  const features = useHubFeatures(identifier);

  const heading = (
    <Group justify="space-between" align="center">
      <Title order={1}>Badges</Title>
      {mayManage ? (
        <Button onClick={() => setEditing({ badge: null, key: Date.now() })}>Create badge</Button>
      ) : null}
    </Group>
  );
  if (me.isPending) return <LoadingState />;
  if (!mayManage) {
    return (
      <Stack>
        <Title order={1}>Badges</Title>
        <EmptyState title="You cannot manage badges here">
          Creating and editing badges needs the “manage badges” right in this hub.
        </EmptyState>
      </Stack>
    );
  }
  if (badges.isPending) return <LoadingState label="Loading the badges…" />;
  if (badges.isError) {
    return (
      <Stack>
        {heading}
        <ErrorState error={badges.error} onRetry={() => void badges.refetch()} />
      </Stack>
    );
  }
  const items = badges.data.pages.flatMap((page) => page.items);

  const handleSaved = (badge: TBadge) => {
    const isNew = editing?.badge === null;
    setEditing(null);
    notifications.show({
      color: 'green',
      message: isNew ? `“${badge.title}” was created.` : `“${badge.title}” was saved.`,
    });
  };
  const handleDelete = () => {
    if (deleting === null) return;
    const { title } = deleting;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({ color: 'gray', message: `“${title}” was deleted.` });
      },
    });
  };

  return (
    <Stack gap="lg">
      {heading}
      <Text c="dark.6">
        Members earn a badge by themselves once their activity reaches its rule, and see it pop up when they
        do. A badge that is off is no longer awarded; those already earned stay on profiles.
      </Text>
      {features?.compassAndAchievements === false ? (
        <Alert
          color="yellow"
          variant="light"
          // The light yellow title (2.3:1) is below 4.5:1 on its background; the body text colour passes.
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          title="Members don’t see badges right now"
          role="status"
        >
          <Text size="sm">
            The hub’s “Compass and achievements” feature is off: no badge is awarded and profiles show none.
            You can still prepare badges here.{' '}
            <Anchor component={Link} to={paths.hub.siteAdminFeatures(identifier)} size="sm">
              Turn the feature on under Features
            </Anchor>
          </Text>
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <EmptyState title="No badges yet">
          Create a badge to reward answers, meetings, groups or a complete profile.
        </EmptyState>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Badges of this hub"
        >
          {items.map((badge) => (
            <Paper component="li" key={badge.id} withBorder p="md" radius="md">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Group wrap="nowrap" align="flex-start" gap="sm" style={{ flex: '1 1 20rem' }}>
                  <BadgeMedal imageUrl={badge.imageUrl} size={48} />
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600}>{badge.title}</Text>
                      {badge.isEnabled ? null : (
                        <Badge color="gray" variant="light" c="dark.6">
                          Off
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm">{badge.description}</Text>
                    <Text size="sm" c="dark.6">
                      Earned for: {badge.ruleDescription}
                    </Text>
                  </Stack>
                </Group>
                <Group gap="xs">
                  <Button
                    variant="light"
                    onClick={() => setEditing({ badge, key: Date.now() })}
                    aria-label={`Edit ${badge.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    // The subtle variant's default red is 3.3:1 on white; red.9 passes 4.5:1.
                    c="red.9"
                    onClick={() => setDeleting(badge)}
                    aria-label={`Delete ${badge.title}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {badges.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="outline"
            onClick={() => void badges.fetchNextPage()}
            loading={badges.isFetchingNextPage}
          >
            Load more
          </Button>
        </Group>
      ) : null}
      {editing === null ? null : (
        <BadgeFormModal
          key={editing.key}
          hubIdentifier={identifier}
          badge={editing.badge}
          isOpen
          onClose={() => setEditing(null)}
          onSaved={handleSaved}
        />
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={deleting === null ? 'Delete this badge?' : `Delete “${deleting.title}” and every earned copy?`}
        isDeleting={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={handleDelete}
        returnFocus={false}
      />
    </Stack>
  );
}
