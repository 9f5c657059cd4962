import type { TScimGroupMapping, TScimMappingHub, TScimToken } from '@commons/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime, useViewerTimeZone } from '../../../lib/viewer-time';
import {
  useCreateScimToken,
  useMapScimGroup,
  useRevokeScimToken,
  useScimSettings,
} from '../api/scim-settings';
import { CopyField } from '../../../components/copy-field';

/** The name form; the new token is handed up to be shown once. */
function CreateTokenForm(props: { onCreated: (secret: string, name: string) => void }) {
  const create = useCreateScimToken();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Give the token a name, such as the identity provider that uses it.');
      return;
    }
    setError(undefined);
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (created) => {
          setName('');
          props.onCreated(created.secret, created.token.name);
        },
        onError: (failure) =>
          setError(isApiError(failure) ? (failure.fields.name ?? errorText(failure)) : errorText(failure)),
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Create a SCIM token">
      <Group align="flex-start" wrap="wrap" gap="xs">
        <TextInput
          label="Token name"
          description="For example Microsoft Entra ID or Okta"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 220px' }}
          autoComplete="off"
        />
        <Button type="submit" mt={{ base: 0, xs: 47 }} loading={create.isPending}>
          Create token
        </Button>
      </Group>
    </form>
  );
}

function TokenRow(props: { token: TScimToken; timeZone: string }) {
  const { token, timeZone } = props;
  const revoke = useRevokeScimToken();
  const [isConfirming, setIsConfirming] = useState(false);
  const isRevoked = token.revokedAt !== null;
  return (
    <Card withBorder component="article" aria-label={token.name} data-testid="scim-token">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {token.name}
          </Text>
          <Badge color={isRevoked ? 'gray.8' : 'teal.9'} variant={isRevoked ? 'outline' : 'filled'}>
            {isRevoked ? 'Revoked' : 'Active'}
          </Badge>
        </Group>
        <Text size="sm">
          <Code>{token.prefix}…</Code>
        </Text>
        <Text size="sm" c="gray.7">
          Created {formatDateTime(token.createdAt, timeZone)}
          {token.createdBy ? ` by ${token.createdBy}` : ''}.{' '}
          {token.lastUsedAt === null
            ? 'Never used.'
            : `Last used ${formatDateTime(token.lastUsedAt, timeZone)}.`}
          {isRevoked && token.revokedAt ? ` Revoked ${formatDateTime(token.revokedAt, timeZone)}.` : ''}
        </Text>
        {isRevoked ? null : (
          <Group>
            <Button size="xs" color="red.9" variant="outline" onClick={() => setIsConfirming(true)}>
              Revoke<VisuallyHidden> {token.name}</VisuallyHidden>
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={isConfirming} onClose={() => setIsConfirming(false)} title={`Revoke ${token.name}?`}>
        <Stack>
          <Text>
            Your identity provider can no longer create, change or deactivate people with this token. People
            it already provisioned keep their accounts.
          </Text>
          <Text>This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirming(false)}>
              Keep it
            </Button>
            <Button
              color="red.9"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(token.id, {
                  onSuccess: () => {
                    setIsConfirming(false);
                    notifications.show({ message: `${token.name} revoked.` });
                  },
                })
              }
            >
              Revoke token
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function GroupMappingRow(props: { group: TScimGroupMapping; hubs: TScimMappingHub[] }) {
  const { group, hubs } = props;
  const map = useMapScimGroup();
  const [hubId, setHubId] = useState<string | null>(group.hubId === null ? null : String(group.hubId));
  const [userTypeId, setUserTypeId] = useState<string | null>(group.userTypeId);
  const [error, setError] = useState<string | undefined>();
  const hub = hubs.find((h) => String(h.id) === hubId);
  const isChanged =
    hubId !== (group.hubId === null ? null : String(group.hubId)) || userTypeId !== group.userTypeId;
  const save = (next: { hubId: number | null; userTypeId: string | null }) => {
    setError(undefined);
    map.mutate(
      { id: group.id, body: next },
      {
        onSuccess: () =>
          notifications.show({
            message:
              next.hubId === null
                ? `${group.displayName} is no longer mapped.`
                : `Members of ${group.displayName} now join ${hub?.name ?? 'the hub'}.`,
          }),
        onError: (failure) =>
          setError(
            isApiError(failure)
              ? (failure.fields.userTypeId ?? failure.fields.hubId ?? errorText(failure))
              : errorText(failure),
          ),
      },
    );
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (hubId === null || userTypeId === null) {
      setError('Choose a hub and a user type.');
      return;
    }
    save({ hubId: Number(hubId), userTypeId });
  };
  return (
    <Card withBorder component="article" aria-label={group.displayName} data-testid="scim-group">
      <form onSubmit={handleSubmit} noValidate aria-label={`Map ${group.displayName}`}>
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {group.displayName}
            </Text>
            <Text size="sm" c="gray.7">
              {group.memberCount === 1 ? '1 member' : `${group.memberCount} members`}
            </Text>
          </Group>
          <Group align="flex-start" wrap="wrap" gap="xs">
            <Select
              label="Hub"
              placeholder="Not mapped"
              data={hubs.map((h) => ({ value: String(h.id), label: h.name }))}
              value={hubId}
              onChange={(value) => {
                setHubId(value);
                setUserTypeId(null);
              }}
              clearable
              style={{ flex: '1 1 200px' }}
            />
            <Select
              label="User type"
              placeholder={hub ? 'Choose a user type' : 'Choose a hub first'}
              data={(hub?.userTypes ?? []).map((t) => ({ value: t.id, label: t.title }))}
              value={userTypeId}
              onChange={setUserTypeId}
              disabled={!hub}
              error={error}
              style={{ flex: '1 1 200px' }}
            />
          </Group>
          <Group gap="xs">
            <Button type="submit" size="xs" loading={map.isPending} disabled={!isChanged}>
              Save mapping<VisuallyHidden> of {group.displayName}</VisuallyHidden>
            </Button>
            {group.hubId !== null ? (
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setHubId(null);
                  setUserTypeId(null);
                  save({ hubId: null, userTypeId: null });
                }}
              >
                Remove mapping<VisuallyHidden> of {group.displayName}</VisuallyHidden>
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * SCIM provisioning (issue #24 item 6) on the sso-settings page: the base URL the identity provider calls, its
 * bearer tokens (created here and shown once, listed by prefix with last use, revoked after a confirmation), and
 * the groups it pushed, each mappable to a hub's user type.
 */
export function ScimTokensSection() {
  const settings = useScimSettings();
  const timeZone = useViewerTimeZone();
  const [created, setCreated] = useState<{ secret: string; name: string } | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="scim-title" id="scim">
      <Title order={2} id="scim-title">
        Provisioning (SCIM)
      </Title>
      <Text c="gray.7">
        Your identity provider can create people, keep their names and addresses up to date and turn their
        accounts off. A person it turns off is signed out everywhere at once and cannot sign in.
      </Text>
      {settings.isPending ? (
        <LoadingState label="Loading SCIM settings…" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <CopyField
            label="SCIM base URL"
            value={`${window.location.origin}${settings.data.basePath}`}
            testId="scim-base-url"
          />
          <Title order={3} size="h4">
            Tokens
          </Title>
          {created ? (
            <Alert color="blue.8" variant="outline" title={`Your token ${created.name}`} role="status">
              <Stack gap="xs">
                <Text size="sm">
                  Copy it now and paste it into your identity provider: it is shown only this once. Anyone
                  with it can change the people of this site, so keep it secret.
                </Text>
                <Code
                  block
                  style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
                  data-testid="scim-secret"
                >
                  {created.secret}
                </Code>
                <Group gap="xs">
                  <CopyButton value={created.secret}>
                    {({ copied, copy }) => (
                      <Button size="xs" onClick={copy}>
                        {copied ? 'Copied' : 'Copy token'}
                      </Button>
                    )}
                  </CopyButton>
                  <Button size="xs" variant="default" onClick={() => setCreated(null)}>
                    I saved it
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          <CreateTokenForm onCreated={(secret, name) => setCreated({ secret, name })} />
          {settings.data.tokens.length === 0 ? (
            <Text size="sm" c="gray.7">
              No token yet. Create one for your identity provider.
            </Text>
          ) : (
            settings.data.tokens.map((token) => <TokenRow key={token.id} token={token} timeZone={timeZone} />)
          )}
          <Title order={3} size="h4">
            Groups
          </Title>
          <Text size="sm" c="gray.7">
            Map a group to a hub&apos;s user type: its members join that hub with that type, approved. Someone
            who leaves the group keeps the membership; the audit log notes it.
          </Text>
          {settings.data.groups.length === 0 ? (
            <Text size="sm" c="gray.7">
              No group yet. Groups appear here when your identity provider sends them.
            </Text>
          ) : (
            settings.data.groups.map((group) => (
              <GroupMappingRow key={group.id} group={group} hubs={settings.data.hubs} />
            ))
          )}
        </>
      )}
    </Stack>
  );
}
