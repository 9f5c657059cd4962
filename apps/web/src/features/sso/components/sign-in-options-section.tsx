import type { TSignupMethod, TSsoDomainRule } from '@commons/contract';
import { SIGNUP_METHODS } from '@commons/domain';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import {
  useAddSsoDomain,
  useRemoveSsoDomain,
  useSsoProviders,
  useSsoSettings,
  useUpdateSsoSettings,
} from '../api/sso';

const METHOD_LABELS: Record<TSignupMethod, string> = {
  google: 'Google',
  linkedin: 'LinkedIn',
  sso: 'Single sign-on (other providers)',
  email: 'Email and password',
};

/** spec 5 Signup methods: which ones the sign-up page of every hub of the cluster offers. */
function HiddenMethodsForm(props: { hidden: TSignupMethod[] }) {
  const update = useUpdateSsoSettings();
  const [shown, setShown] = useState<TSignupMethod[]>(() =>
    SIGNUP_METHODS.filter((m) => !props.hidden.includes(m)),
  );
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { hiddenSignupMethods: SIGNUP_METHODS.filter((m) => !shown.includes(m)) },
      { onSuccess: () => notifications.show({ message: 'Sign-up methods saved.' }) },
    );
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Sign-up methods">
      <Stack gap="xs">
        <Checkbox.Group
          label="Sign-up methods offered"
          description="A hidden method is not offered on the sign-up pages; hubs may hide more in their signup settings."
          value={shown}
          onChange={(values) => setShown(values as TSignupMethod[])}
        >
          <Stack gap={6} mt="xs">
            {SIGNUP_METHODS.map((method) => (
              <Checkbox key={method} value={method} label={METHOD_LABELS[method]} />
            ))}
          </Stack>
        </Checkbox.Group>
        {update.isError ? <Text c="red.9">{errorText(update.error)}</Text> : null}
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save sign-up methods
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddDomainForm(props: { providers: Array<{ value: string; label: string }> }) {
  const add = useAddSsoDomain();
  const [domain, setDomain] = useState('');
  const [providerId, setProviderId] = useState<string | null>(props.providers[0]?.value ?? null);
  const [errors, setErrors] = useState<{ domain?: string; providerId?: string }>({});
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (domain.trim() === '') next.domain = 'Enter an email domain, such as example.edu.';
    if (!providerId) next.providerId = 'Choose a provider.';
    setErrors(next);
    if (next.domain || next.providerId || !providerId) return;
    add.mutate(
      { domain: domain.trim(), providerId },
      {
        onSuccess: (rule) => {
          setDomain('');
          notifications.show({ message: `${rule.domain} now signs in with ${rule.providerName} only.` });
        },
        onError: (failure) =>
          setErrors({
            domain: isApiError(failure) ? (failure.fields.domain ?? errorText(failure)) : errorText(failure),
            providerId: isApiError(failure) ? failure.fields.providerId : undefined,
          }),
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Require single sign-on for a domain">
      <Group align="flex-start" wrap="wrap" gap="xs">
        <TextInput
          label="Email domain"
          placeholder="example.edu"
          value={domain}
          onChange={(e) => setDomain(e.currentTarget.value)}
          error={errors.domain}
          style={{ flex: '1 1 200px' }}
        />
        <Select
          label="Provider"
          data={props.providers}
          value={providerId}
          onChange={setProviderId}
          error={errors.providerId}
          allowDeselect={false}
          style={{ flex: '1 1 200px' }}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} loading={add.isPending}>
          Require single sign-on
        </Button>
      </Group>
    </form>
  );
}

function DomainRow(props: { rule: TSsoDomainRule }) {
  const { rule } = props;
  const remove = useRemoveSsoDomain();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text>
          <Text span fw={600}>
            {rule.domain}
          </Text>{' '}
          signs in with {rule.providerName} only
        </Text>
        <Button size="xs" color="red.9" variant="outline" onClick={() => setIsConfirming(true)}>
          Remove<VisuallyHidden> {rule.domain}</VisuallyHidden>
        </Button>
      </Group>
      <ConfirmDeleteModal
        opened={isConfirming}
        title={`Stop requiring single sign-on for ${rule.domain}?`}
        isDeleting={remove.isPending}
        returnFocus={false}
        consequence={`People with ${rule.domain} addresses may sign in with a password or an email link again.`}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          remove.mutate(rule.id, {
            onSuccess: () => {
              setIsConfirming(false);
              notifications.show({ message: `${rule.domain} no longer requires single sign-on.` });
            },
          })
        }
      />
    </Card>
  );
}

/** The cluster's sign-in options: hidden signup methods and the email domains that must use single sign-on. */
export function SignInOptionsSection() {
  const settings = useSsoSettings();
  const providers = useSsoProviders();
  const choices = (providers.data?.items ?? []).map((p) => ({
    value: p.id,
    label: `${p.name}${p.kind === 'saml' ? ' (SAML)' : ''}`,
  }));
  return (
    <Stack gap="sm" component="section" aria-labelledby="sign-in-options-title" id="sign-in-options">
      <Title order={2} id="sign-in-options-title">
        Sign-in options
      </Title>
      {settings.isPending ? (
        <LoadingState label="Loading sign-in options…" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <HiddenMethodsForm
            key={settings.data.hiddenSignupMethods.join()}
            hidden={settings.data.hiddenSignupMethods}
          />
          <Title order={3} size="h4" mt="md">
            Email domains that must use single sign-on
          </Title>
          <Text c="gray.7" size="sm">
            People whose email is at such a domain see only its provider’s button; their password sign-in,
            email sign-up and sign-in links are refused.
          </Text>
          {settings.data.domains.length === 0 ? (
            <Text c="gray.7">No domain requires single sign-on.</Text>
          ) : (
            settings.data.domains.map((rule) => <DomainRow key={rule.id} rule={rule} />)
          )}
          {choices.length === 0 ? (
            <Alert variant="outline" color="gray.8">
              Add an identity provider first; then you can require it for an email domain.
            </Alert>
          ) : (
            <AddDomainForm providers={choices} />
          )}
        </>
      )}
    </Stack>
  );
}
