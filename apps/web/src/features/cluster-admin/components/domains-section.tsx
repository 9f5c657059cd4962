import type { TClusterHub, THubDomain } from '@commons/contract';
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import { useClusterHubs } from '../api/cluster-admin';
import { useCreateHubDomain, useHubDomains, useRemoveHubDomain, useVerifyHubDomain } from '../api/domains';
import { CopyField } from '../../../components/copy-field';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function AddDomainForm(props: { hub: TClusterHub }) {
  const { hub } = props;
  const create = useCreateHubDomain();
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | undefined>();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (domain.trim() === '') {
      setError('Enter a domain name, such as alumni.example.edu.');
      return;
    }
    setError(undefined);
    create.mutate(
      { hubId: hub.id, domain: domain.trim() },
      {
        onSuccess: (added) => {
          setDomain('');
          notifications.show({ message: `${added.domain} added. Create its TXT record, then verify it.` });
        },
        onError: (failure) =>
          setError(isApiError(failure) ? (failure.fields.domain ?? errorText(failure)) : errorText(failure)),
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={`Add a domain to ${hub.name}`}>
      <Group align="flex-start" wrap="wrap" gap="xs">
        <TextInput
          label="New domain"
          description="For example alumni.example.edu"
          maxLength={253}
          value={domain}
          onChange={(event) => setDomain(event.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 220px' }}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" mt={{ base: 0, xs: 47 }} loading={create.isPending}>
          Add domain<VisuallyHidden> to {hub.name}</VisuallyHidden>
        </Button>
      </Group>
    </form>
  );
}

function DomainRow(props: { domain: THubDomain }) {
  const { domain } = props;
  const verify = useVerifyHubDomain();
  const remove = useRemoveHubDomain();
  const [isConfirming, setIsConfirming] = useState(false);
  const isVerified = domain.status === 'verified';
  const check = () =>
    verify.mutate(domain.id, {
      onSuccess: (checked) =>
        notifications.show({
          message:
            checked.status === 'verified'
              ? `${checked.domain} is verified.`
              : `${checked.domain} is not verified yet.`,
        }),
    });
  return (
    <Card withBorder component="article" aria-label={domain.domain} data-testid="hub-domain">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {domain.domain}
          </Text>
          <Badge color={isVerified ? 'teal.9' : 'gray.8'} variant={isVerified ? 'filled' : 'outline'}>
            {isVerified ? 'Verified' : 'Pending'}
          </Badge>
        </Group>
        {isVerified && domain.verifiedAt !== null ? (
          <Text size="sm" c="gray.7">
            Verified {WHEN.format(new Date(domain.verifiedAt))}. Visitors of {domain.domain} land on this hub.
          </Text>
        ) : (
          <>
            <Text size="sm">
              At your domain&apos;s DNS provider, create this TXT record, then choose Verify now. We also
              check every 10 minutes for 7 days.
            </Text>
            <CopyField label="Record name" value={domain.txtRecord.name} />
            <CopyField label="Record value" value={domain.txtRecord.value} />
          </>
        )}
        <Text size="sm" c="gray.7">
          {domain.lastCheckedAt === null
            ? 'Not checked yet.'
            : `Last checked ${WHEN.format(new Date(domain.lastCheckedAt))}.`}
        </Text>
        {domain.lastError === null ? null : (
          <Text size="sm" c="red.9">
            {domain.lastError}
          </Text>
        )}
        {verify.isError ? (
          <Text size="sm" c="red.9" role="alert">
            {errorText(verify.error)}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button
            size="xs"
            onClick={check}
            loading={verify.isPending}
            variant={isVerified ? 'default' : 'filled'}
          >
            {isVerified ? 'Check again' : 'Verify now'}
            <VisuallyHidden> {domain.domain}</VisuallyHidden>
          </Button>
          <Button size="xs" color="red.9" variant="outline" onClick={() => setIsConfirming(true)}>
            Remove<VisuallyHidden> {domain.domain}</VisuallyHidden>
          </Button>
        </Group>
      </Stack>
      <ConfirmDeleteModal
        opened={isConfirming}
        title={`Remove ${domain.domain}?`}
        isDeleting={remove.isPending}
        returnFocus={false}
        consequence={
          isVerified
            ? `Visitors of ${domain.domain} will no longer reach this hub.`
            : 'Its TXT record will no longer be checked.'
        }
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          remove.mutate(domain.id, {
            onSuccess: () => {
              setIsConfirming(false);
              notifications.show({ message: `${domain.domain} removed.` });
            },
          })
        }
      />
    </Card>
  );
}

/**
 * Domains (issue #23 item 2; spec 6 domain-management): per hub, its custom domains with the TXT record that proves
 * each one, its status and last check, Verify now and Remove, and a form to add one.
 */
export function DomainsSection() {
  const hubs = useClusterHubs();
  const domains = useHubDomains();
  const allDomains = domains.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="domains-title" id="domains">
      <Title order={2} id="domains-title">
        Domains
      </Title>
      <Text c="gray.7">
        Give a hub its own web address. Once its DNS record proves the domain is yours, visitors of that
        address land on the hub.
      </Text>
      {hubs.isPending || domains.isPending ? (
        <LoadingState label="Loading domains…" />
      ) : hubs.isError ? (
        <ErrorState error={hubs.error} onRetry={() => void hubs.refetch()} />
      ) : domains.isError ? (
        <ErrorState error={domains.error} onRetry={() => void domains.refetch()} />
      ) : (
        <>
          {hubs.data.pages
            .flatMap((page) => page.items)
            .map((hub) => {
              const own = allDomains.filter((domain) => domain.hubId === hub.id);
              return (
                <Card withBorder key={hub.id} component="article" aria-labelledby={`domains-hub-${hub.id}`}>
                  <Stack gap="sm">
                    <Title order={3} size="h4" id={`domains-hub-${hub.id}`}>
                      {hub.name}
                    </Title>
                    {own.length === 0 ? (
                      <Text size="sm" c="gray.7">
                        No custom domain yet.
                      </Text>
                    ) : (
                      own.map((domain) => <DomainRow key={domain.id} domain={domain} />)
                    )}
                    <AddDomainForm hub={hub} />
                  </Stack>
                </Card>
              );
            })}
          {hubs.hasNextPage || domains.hasNextPage ? (
            <Group>
              <Button
                variant="default"
                loading={hubs.isFetchingNextPage || domains.isFetchingNextPage}
                onClick={() => {
                  if (hubs.hasNextPage) void hubs.fetchNextPage();
                  if (domains.hasNextPage) void domains.fetchNextPage();
                }}
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
