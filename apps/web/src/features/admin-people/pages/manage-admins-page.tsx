import type { TAdminCandidate, THubAdmin, THubAdminsResponse } from '@commons/contract';
import {
  Accordion,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/current-user';
import { findMembership, mayOpenAnyHub } from '../../../lib/hub-membership';
import {
  useAdminCandidates,
  useHubAdmins,
  useMakeAdmin,
  useRemoveAdmin,
  useSetAdminRight,
} from '../api/admins';
import { rightLabel } from '../right-label';

const MANAGE_ADMINS = 'manage-admins';

type TRight = THubAdminsResponse['grantableRights'][number];

const PLATFORM_ROLE_LABELS: Record<NonNullable<THubAdmin['platformRole']>, string> = {
  'super-admin': 'Super admin',
  'cluster-admin': 'Cluster admin',
};

/** Why a right's checkbox is locked for the viewer, or null when they may change it. */
function lockReason(options: {
  admin: THubAdmin;
  right: string;
  manageable: readonly string[];
  isPlatformAdmin: boolean;
}): string | null {
  if (options.admin.isSelf && options.right === MANAGE_ADMINS && !options.isPlatformAdmin)
    return 'You cannot remove your own manage-admins right.';
  if (!options.manageable.includes(options.right)) return 'Only admins holding this right can grant it.';
  return null;
}

/** One admin's rights, a checkbox each, saved on every change; removing the admin asks first. */
function AdminRights(props: {
  hubIdentifier: string;
  admin: THubAdmin;
  data: THubAdminsResponse;
  isPlatformAdmin: boolean;
}) {
  const { admin, data } = props;
  const setRight = useSetAdminRight(props.hubIdentifier);
  const remove = useRemoveAdmin(props.hubIdentifier);
  const [pendingRight, setPendingRight] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const handleChange = (right: TRight, isGranted: boolean) => {
    setPendingRight(right);
    setRight.mutate(
      { userId: admin.userId, right, isGranted },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: `${isGranted ? 'Granted' : 'Revoked'} “${rightLabel(right)}” ${isGranted ? 'to' : 'from'} ${admin.fullName}.`,
          }),
        onSettled: () => setPendingRight(null),
      },
    );
  };
  // The server refuses to remove an admin holding a right the viewer lacks; say so instead of offering it.
  const grantable: readonly string[] = data.grantableRights;
  const manageable: readonly string[] = data.manageableRights;
  const lacking = admin.rights.filter((right) => grantable.includes(right) && !manageable.includes(right));
  const canRemove = (!admin.isSelf || props.isPlatformAdmin) && lacking.length === 0;
  return (
    <Stack gap="sm">
      {admin.platformRole ? (
        <Text size="sm">
          As a {PLATFORM_ROLE_LABELS[admin.platformRole].toLowerCase()}, {admin.fullName} passes every rights
          check in every hub of the community; the rights below matter only if that role ends.
        </Text>
      ) : null}
      <ErrorAlert error={setRight.error} title="The right was not changed" />
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <VisuallyHidden component="legend">Access rights of {admin.fullName}</VisuallyHidden>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing="xs">
          {data.grantableRights.map((right) => {
            const reason = lockReason({
              admin,
              right,
              manageable: data.manageableRights,
              isPlatformAdmin: props.isPlatformAdmin,
            });
            return (
              <Checkbox
                key={right}
                label={rightLabel(right)}
                checked={
                  // While a change is saved, its box shows the new state (the list reloads before it settles).
                  setRight.isPending && setRight.variables.right === right
                    ? setRight.variables.isGranted
                    : admin.rights.includes(right)
                }
                disabled={reason !== null || pendingRight !== null}
                title={reason ?? undefined}
                onChange={(event) => handleChange(right, event.currentTarget.checked)}
                styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
              />
            );
          })}
        </SimpleGrid>
      </fieldset>
      <Text size="xs" c="gray.7">
        Each change is saved at once. Greyed rights are ones you do not hold yourself
        {admin.isSelf && !props.isPlatformAdmin ? ', and your own manage-admins right' : ''}.
      </Text>
      {canRemove ? (
        <Group>
          <Button variant="outline" color="red.9" size="xs" onClick={() => setIsConfirming(true)}>
            Remove {admin.fullName} as admin
          </Button>
        </Group>
      ) : lacking.length > 0 ? (
        <Text size="xs" c="gray.7">
          Only an admin who holds every right of {admin.fullName} can remove them.
        </Text>
      ) : null}
      <Modal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={`Remove ${admin.fullName} as admin?`}
      >
        <Stack>
          <Text>They stay a member of the hub but lose every access right listed here.</Text>
          <ErrorAlert error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirming(false)}>
              Keep as admin
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(admin.userId, {
                  onSuccess: () => {
                    setIsConfirming(false);
                    notifications.show({
                      color: 'green',
                      message: `${admin.fullName} is no longer an admin.`,
                    });
                  },
                })
              }
            >
              Remove admin
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Find an approved member by name (or email) and make them an admin. */
function MakeAdmin(props: { hubIdentifier: string }) {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const candidates = useAdminCandidates(props.hubIdentifier, q);
  const make = useMakeAdmin(props.hubIdentifier);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };
  const handleMake = (candidate: TAdminCandidate) =>
    make.mutate(
      { userId: candidate.userId, rights: [] },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `${candidate.fullName} is now an admin. Give them rights below.`,
          });
          setQ('');
          setDraft('');
        },
      },
    );
  const items = candidates.data?.items ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Make a member an admin
        </Title>
        <form onSubmit={handleSubmit} aria-label="Find a member to make admin">
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Member’s name"
              description="Approved members of this hub who are not admins yet."
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              w={{ base: '100%', sm: 320 }}
              maxLength={100}
            />
            <Button type="submit" variant="default">
              Find members
            </Button>
          </Group>
        </form>
        <ErrorAlert error={make.error} title="Not made an admin" />
        {q === '' ? null : candidates.isPending ? (
          <LoadingState label="Finding members…" />
        ) : candidates.isError ? (
          <ErrorState error={candidates.error} onRetry={() => void candidates.refetch()} />
        ) : items.length === 0 ? (
          <Text c="gray.7" role="status">
            No approved member who is not an admin matches “{q}”.
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label="Matching members"
          >
            {items.map((candidate) => (
              <Group key={candidate.userId} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={500}>{candidate.fullName}</Text>
                  <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {[candidate.userType?.title, candidate.email].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  onClick={() => handleMake(candidate)}
                  loading={make.isPending && make.variables.userId === candidate.userId}
                  aria-label={`Make ${candidate.fullName} an admin`}
                >
                  Make admin
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * {hubPath}/site-admin/manage-admins (issue #22 item 1, right manage-admins): the hub's admins and their access
 * rights, granted and revoked one checkbox at a time; members made admin and admins removed.
 */
export function ManageAdminsPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Admins and access rights');
  const me = useCurrentUser();
  const admins = useHubAdmins(identifier);
  if (me.data === undefined) return <LoadingState />;
  const isPlatformAdmin = mayOpenAnyHub(me.data);
  const rights = findMembership(me.data, identifier)?.accessRights ?? [];
  if (!isPlatformAdmin && !rights.includes(MANAGE_ADMINS))
    return (
      <EmptyState title="Only admins with the manage-admins right can manage admins">
        Ask an admin of this hub who holds it.
      </EmptyState>
    );
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Admins and access rights</Title>
        <Text c="gray.7">
          Who administers this hub and what each admin may do. Every change is saved at once and recorded in
          the audit log.
        </Text>
      </Stack>
      <MakeAdmin hubIdentifier={identifier} />
      {admins.isPending ? (
        <LoadingState label="Loading the admins…" />
      ) : admins.isError ? (
        <ErrorState error={admins.error} onRetry={() => void admins.refetch()} />
      ) : admins.data.items.length === 0 ? (
        <EmptyState title="This hub has no admins yet">Make a member an admin above.</EmptyState>
      ) : (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Admins ({admins.data.items.length})
          </Title>
          <Accordion variant="separated" multiple chevronPosition="left">
            {admins.data.items.map((admin) => (
              <Accordion.Item key={admin.userId} value={admin.userId}>
                <Accordion.Control
                  aria-label={`${admin.fullName}: ${admin.platformRole ? `${PLATFORM_ROLE_LABELS[admin.platformRole]}, every right` : `${admin.rights.length} rights`}`}
                >
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>{admin.fullName}</Text>
                    {admin.isSelf ? (
                      <Badge variant="outline" color="blue.9" tt="none">
                        You
                      </Badge>
                    ) : null}
                    {admin.platformRole ? (
                      <Badge variant="outline" color="dark.6" tt="none">
                        {PLATFORM_ROLE_LABELS[admin.platformRole]}
                      </Badge>
                    ) : null}
                    <Text size="sm" c="gray.7">
                      {admin.platformRole
                        ? 'every right'
                        : admin.rights.length === 1
                          ? '1 right'
                          : `${admin.rights.length} rights`}
                      {admin.email ? ` · ${admin.email}` : ''}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    <Anchor
                      component={Link}
                      to={paths.profile(admin.identifier, { hubId: identifier })}
                      size="sm"
                    >
                      Open {admin.fullName}’s profile
                    </Anchor>
                    <AdminRights
                      hubIdentifier={identifier}
                      admin={admin}
                      data={admins.data}
                      isPlatformAdmin={isPlatformAdmin}
                    />
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      )}
    </Stack>
  );
}
