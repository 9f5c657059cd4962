import { canUnlinkSsoIdentity, isSsoErrorCode, SSO_ERROR_MESSAGES } from '@commons/domain';
import { Alert, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSearchParams } from 'react-router';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useLinkedIdentities, useStartLink, useUnlinkIdentity } from '../api/linked-accounts';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * Account settings' 'Linked sign-in accounts' (issue #24 item 3): the providers the member signs in with, Link
 * (a round trip to the provider while signed in) and Unlink, refused while it is the only way left to sign in.
 */
export function LinkedAccounts() {
  const identities = useLinkedIdentities();
  const startLink = useStartLink();
  const unlink = useUnlinkIdentity();
  const [searchParams, setSearchParams] = useSearchParams();
  // The outcome of the last round trip (?sso_linked, ?sso_error) no longer applies once something else changed.
  const forgetOutcome = () =>
    setSearchParams(
      (params) => {
        params.delete('sso_linked');
        params.delete('sso_error');
        return params;
      },
      { replace: true },
    );
  const errorCode = searchParams.get('sso_error');
  const isLinked = searchParams.get('sso_linked') !== null;
  if (identities.isPending) return <LoadingState label="Loading linked accounts…" />;
  if (identities.isError)
    return <ErrorState error={identities.error} onRetry={() => void identities.refetch()} />;
  const { items, linkable, hasPassword } = identities.data;
  return (
    <Stack gap="sm">
      <div aria-live="polite">
        {errorCode !== null && isSsoErrorCode(errorCode) ? (
          <Alert color="red" variant="outline" title="The account was not linked">
            {SSO_ERROR_MESSAGES[errorCode]}
          </Alert>
        ) : isLinked ? (
          <Alert color="teal.9" variant="outline" title="Account linked">
            You can now sign in with it.
          </Alert>
        ) : null}
        {unlink.isError ? <Text c="red.9">{errorText(unlink.error)}</Text> : null}
        {startLink.isError ? <Text c="red.9">{errorText(startLink.error)}</Text> : null}
      </div>
      {items.length === 0 ? (
        <Text c="gray.7">No account is linked: you sign in with your email.</Text>
      ) : (
        items.map((identity) => {
          const mayUnlink = canUnlinkSsoIdentity({ hasPassword, otherIdentityCount: items.length - 1 });
          return (
            <Card key={identity.id} withBorder padding="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>{identity.providerName}</Text>
                  <Text size="sm" c="gray.7">
                    {identity.email ?? 'No email shared'} · linked {WHEN.format(new Date(identity.createdAt))}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  disabled={!mayUnlink}
                  loading={unlink.isPending && unlink.variables === identity.id}
                  onClick={() => {
                    // Before the request: the refreshed list can show before the mutation's own onSuccess runs,
                    // and 'Account linked' must not stand beside 'No account is linked'.
                    forgetOutcome();
                    unlink.mutate(identity.id, {
                      onSuccess: () => notifications.show({ message: `${identity.providerName} unlinked.` }),
                    });
                  }}
                >
                  Unlink<VisuallyHidden> {identity.providerName}</VisuallyHidden>
                </Button>
              </Group>
              {mayUnlink ? null : (
                <Text size="xs" c="gray.7" mt={4}>
                  This is your only way to sign in: set a password or link another account before unlinking
                  it.
                </Text>
              )}
            </Card>
          );
        })
      )}
      {linkable.length === 0 ? null : (
        <Group gap="xs" wrap="wrap">
          {linkable.map((provider) => (
            <Button
              key={provider.id}
              variant="default"
              loading={startLink.isPending && startLink.variables === provider.id}
              onClick={() => startLink.mutate(provider.id)}
            >
              Link {provider.name}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
