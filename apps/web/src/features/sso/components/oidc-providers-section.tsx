import type { TCreateOidcProviderRequest, TOidcPresetName, TSsoProviderSummary } from '@commons/contract';
import { OIDC_PRESET_LABELS, OIDC_PRESETS } from '@commons/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
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
  useCreateOidcProvider,
  useRemoveOidcProvider,
  useSsoProviders,
  useTestOidcProvider,
  useUpdateOidcProvider,
} from '../api/sso';
import { CopyField } from '../../../components/copy-field';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const PRESET_OPTIONS = OIDC_PRESETS.map((preset) => ({
  value: preset,
  label:
    preset === 'generic'
      ? 'Other OpenID Connect provider'
      : `${OIDC_PRESET_LABELS[preset]}${preset === 'microsoft' ? ' (Entra ID)' : ''}`,
}));

type TFormValues = {
  preset: TOidcPresetName;
  name: string;
  issuer: string;
  tenant: string;
  clientId: string;
  clientSecret: string;
  userTypeClaim: string;
  userTypeValues: string;
  headlineClaim: string;
  positionTitleClaim: string;
  positionCompanyClaim: string;
};

function valuesOf(provider: TSsoProviderSummary | null): TFormValues {
  const oidc = provider?.oidc;
  return {
    preset: provider?.preset ?? 'google',
    name: provider?.name ?? OIDC_PRESET_LABELS.google,
    issuer: provider?.preset === 'generic' ? (oidc?.issuer ?? '') : '',
    tenant: oidc?.tenant ?? '',
    clientId: oidc?.clientId ?? '',
    clientSecret: '',
    userTypeClaim: oidc?.attributeMapping.userType ?? '',
    userTypeValues: Object.entries(oidc?.attributeMapping.userTypeValues ?? {})
      .map(([value, title]) => `${value} = ${title}`)
      .join('\n'),
    headlineClaim: oidc?.attributeMapping.headline ?? '',
    positionTitleClaim: oidc?.attributeMapping.positionTitle ?? '',
    positionCompanyClaim: oidc?.attributeMapping.positionCompany ?? '',
  };
}

/** "student = Student" lines → { student: 'Student' }; null names the first line that is not of that form. */
function parseUserTypeValues(text: string): Record<string, string> | { badLine: string } {
  const values: Record<string, string> = {};
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const at = line.indexOf('=');
    const value = line.slice(0, at).trim();
    const title = line.slice(at + 1).trim();
    if (at < 1 || value === '' || title === '') return { badLine: line };
    values[value] = title;
  }
  return values;
}

/** Add or edit an OpenID Connect provider; the secret is write-only (empty keeps the stored one). */
function ProviderForm(props: { provider: TSsoProviderSummary | null; onDone: () => void }) {
  const { provider } = props;
  const create = useCreateOidcProvider();
  const update = useUpdateOidcProvider();
  const [values, setValues] = useState<TFormValues>(() => valuesOf(provider));
  const [errors, setErrors] = useState<Partial<Record<keyof TFormValues | 'form', string>>>({});
  const set = (key: keyof TFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const isEditing = provider !== null;
  const onFailure = (failure: unknown) => {
    const fields = isApiError(failure) ? failure.fields : {};
    setErrors({
      name: fields.name,
      issuer: fields.issuer,
      tenant: fields.tenant,
      clientId: fields.clientId,
      clientSecret: fields.clientSecret,
      form: Object.keys(fields).length === 0 ? errorText(failure) : undefined,
    });
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (values.name.trim() === '') next.name = 'Enter the name shown on the button.';
    if (values.preset === 'generic' && values.issuer.trim() === '') next.issuer = 'Enter the issuer URL.';
    if (values.clientId.trim() === '') next.clientId = 'Enter the client id.';
    if (!isEditing && values.clientSecret === '') next.clientSecret = 'Enter the client secret.';
    const mapped = parseUserTypeValues(values.userTypeValues);
    if ('badLine' in mapped)
      next.userTypeValues = `Write each line as value = User type (not “${mapped.badLine}”).`;
    setErrors(next);
    if (Object.keys(next).length > 0 || 'badLine' in mapped) return;
    const claimName = (value: string) => value.trim() || undefined;
    // Claims the form does not show (email, names, photo set through the API) are kept; an emptied one is dropped.
    const attributeMapping = {
      ...provider?.oidc?.attributeMapping,
      userType: claimName(values.userTypeClaim),
      userTypeValues: mapped,
      headline: claimName(values.headlineClaim),
      positionTitle: claimName(values.positionTitleClaim),
      positionCompany: claimName(values.positionCompanyClaim),
    };
    const common = {
      name: values.name.trim(),
      clientId: values.clientId.trim(),
      attributeMapping,
      ...(values.preset === 'generic' ? { issuer: values.issuer.trim() } : {}),
      ...(values.preset === 'microsoft' ? { tenant: values.tenant.trim() } : {}),
    };
    const done = (saved: TSsoProviderSummary) => {
      notifications.show({
        message: `${saved.name} ${isEditing ? 'saved' : 'added'}. Use Test connection to check it.`,
      });
      props.onDone();
    };
    if (isEditing)
      update.mutate(
        {
          id: provider.id,
          body: { ...common, ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}) },
        },
        { onSuccess: done, onError: onFailure },
      );
    else {
      const body: TCreateOidcProviderRequest = {
        ...common,
        preset: values.preset,
        clientSecret: values.clientSecret,
      };
      create.mutate(body, { onSuccess: done, onError: onFailure });
    }
  };

  return (
    <Card
      withBorder
      padding="md"
      component="form"
      onSubmit={handleSubmit}
      noValidate
      aria-label={isEditing ? `Edit ${provider.name}` : 'Add an OpenID Connect provider'}
    >
      <Stack gap="sm">
        <Title order={3} size="h4">
          {isEditing ? `Edit ${provider.name}` : 'Add an OpenID Connect provider'}
        </Title>
        {errors.form ? (
          <Alert color="red" variant="outline" title="Not saved">
            {errors.form}
          </Alert>
        ) : null}
        <Select
          label="Provider"
          data={PRESET_OPTIONS}
          value={values.preset}
          disabled={isEditing}
          allowDeselect={false}
          onChange={(preset) => {
            if (!preset) return;
            const chosen = preset as TOidcPresetName;
            setValues((v) => ({
              ...v,
              preset: chosen,
              name: v.name === OIDC_PRESET_LABELS[v.preset] ? OIDC_PRESET_LABELS[chosen] : v.name,
            }));
          }}
        />
        <TextInput
          label="Button name"
          description="Shown as “Continue with {name}” on the sign-in and sign-up pages."
          value={values.name}
          maxLength={80}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={errors.name}
          required
        />
        {values.preset === 'generic' ? (
          <TextInput
            label="Issuer URL"
            description="Its discovery document is at {issuer}/.well-known/openid-configuration."
            placeholder="https://login.example.edu"
            value={values.issuer}
            onChange={(e) => set('issuer')(e.currentTarget.value)}
            error={errors.issuer}
            required
          />
        ) : null}
        {values.preset === 'microsoft' ? (
          <TextInput
            label="Entra ID tenant"
            description="Your directory (tenant) id or domain. Empty: any work or school account."
            value={values.tenant}
            onChange={(e) => set('tenant')(e.currentTarget.value)}
            error={errors.tenant}
          />
        ) : null}
        <TextInput
          label="Client id"
          value={values.clientId}
          onChange={(e) => set('clientId')(e.currentTarget.value)}
          error={errors.clientId}
          required
        />
        <PasswordInput
          label="Client secret"
          description={
            isEditing ? 'Leave empty to keep the stored secret.' : 'Stored encrypted; never shown again.'
          }
          value={values.clientSecret}
          onChange={(e) => set('clientSecret')(e.currentTarget.value)}
          error={errors.clientSecret}
          required={!isEditing}
          autoComplete="new-password"
        />
        <TextInput
          label="User type claim (optional)"
          description="A claim of the ID token, such as affiliation, whose value chooses the new member’s user type."
          value={values.userTypeClaim}
          onChange={(e) => set('userTypeClaim')(e.currentTarget.value)}
        />
        {values.userTypeClaim.trim() ? (
          <Textarea
            label="Claim values and user types"
            description="One per line: claim value = user type title, such as alum = Alumni. Others join as the hub’s first type."
            autosize
            minRows={2}
            value={values.userTypeValues}
            onChange={(e) => set('userTypeValues')(e.currentTarget.value)}
            error={errors.userTypeValues}
          />
        ) : null}
        {values.preset === 'linkedin' ? (
          <>
            <Text size="sm" c="dimmed">
              Linking LinkedIn fills a member’s empty photo, headline and current position. LinkedIn’s OpenID
              Connect scopes (openid profile email) give only names, email and picture; name the claims below
              only if your LinkedIn app returns them.
            </Text>
            <TextInput
              label="Headline claim (optional)"
              value={values.headlineClaim}
              onChange={(e) => set('headlineClaim')(e.currentTarget.value)}
            />
            <TextInput
              label="Current position title claim (optional)"
              value={values.positionTitleClaim}
              onChange={(e) => set('positionTitleClaim')(e.currentTarget.value)}
            />
            <TextInput
              label="Current position company claim (optional)"
              value={values.positionCompanyClaim}
              onChange={(e) => set('positionCompanyClaim')(e.currentTarget.value)}
            />
          </>
        ) : null}
        <Group gap="xs">
          <Button type="submit" loading={create.isPending || update.isPending}>
            {isEditing ? 'Save' : 'Add provider'}
          </Button>
          <Button variant="default" onClick={props.onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ProviderCard(props: { provider: TSsoProviderSummary; onEdit: () => void }) {
  const { provider } = props;
  const test = useTestOidcProvider();
  const update = useUpdateOidcProvider();
  const remove = useRemoveOidcProvider();
  const [isConfirming, setIsConfirming] = useState(false);
  const result = test.data?.provider.id === provider.id ? test.data : null;
  const testMessage = result?.message ?? provider.lastTestResult;
  const isOk = result?.isOk ?? provider.isLastTestOk;
  return (
    <Card withBorder padding="md" data-testid={`oidc-provider-${provider.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{provider.name}</Text>
            <Badge variant="outline" color="gray.8">
              {provider.preset === 'generic' || provider.preset === null
                ? 'OpenID Connect'
                : OIDC_PRESET_LABELS[provider.preset]}
            </Badge>
            <Badge variant="outline" color={provider.isEnabled ? 'teal.9' : 'gray.8'}>
              {provider.isEnabled ? 'On' : 'Off'}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          Issuer {provider.oidc?.issuer} · client {provider.oidc?.clientId}
          {provider.hasSecret ? ' · secret stored' : ' · no secret'}
        </Text>
        <div aria-live="polite">
          {test.isError ? (
            <Text size="sm" c="red.9">
              {errorText(test.error)}
            </Text>
          ) : testMessage ? (
            <Alert
              variant="outline"
              color={isOk ? 'teal.9' : 'red.9'}
              title={isOk ? 'Connection works' : 'Connection failed'}
              data-testid="oidc-test-result"
            >
              <Text size="sm">{testMessage}</Text>
              {(result?.provider.lastTestedAt ?? provider.lastTestedAt) ? (
                <Text size="xs" c="gray.7">
                  Tested {WHEN.format(new Date(result?.provider.lastTestedAt ?? provider.lastTestedAt ?? ''))}
                </Text>
              ) : null}
            </Alert>
          ) : (
            <Text size="sm" c="gray.7">
              Not tested yet.
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" onClick={() => test.mutate(provider.id)} loading={test.isPending}>
            Test connection<VisuallyHidden> of {provider.name}</VisuallyHidden>
          </Button>
          <Button size="xs" variant="default" onClick={props.onEdit}>
            Edit<VisuallyHidden> {provider.name}</VisuallyHidden>
          </Button>
          <Switch
            label={
              <>
                On<VisuallyHidden> ({provider.name})</VisuallyHidden>
              </>
            }
            checked={provider.isEnabled}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ id: provider.id, body: { isEnabled: e.currentTarget.checked } })}
          />
          <Button size="xs" color="red.9" variant="outline" onClick={() => setIsConfirming(true)}>
            Remove<VisuallyHidden> {provider.name}</VisuallyHidden>
          </Button>
        </Group>
      </Stack>
      <ConfirmDeleteModal
        opened={isConfirming}
        title={`Remove ${provider.name}?`}
        isDeleting={remove.isPending}
        returnFocus={false}
        consequence="Its button disappears, its email domains no longer require single sign-on and members’ links to it go. Their accounts stay."
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          remove.mutate(provider.id, {
            onSuccess: () => {
              setIsConfirming(false);
              notifications.show({ message: `${provider.name} removed.` });
            },
          })
        }
      />
    </Card>
  );
}

/** The sso-settings page's OpenID Connect providers: list, add, edit, turn on or off, test, remove. */
export function OidcProvidersSection() {
  const providers = useSsoProviders();
  const [editing, setEditing] = useState<TSsoProviderSummary | 'new' | null>(null);
  const oidc = providers.data?.items.filter((p) => p.kind === 'oidc') ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="oidc-title" id="oidc">
      <Title order={2} id="oidc-title">
        OpenID Connect providers
      </Title>
      <Text c="gray.7">
        Google, Microsoft Entra ID, LinkedIn or any OpenID Connect provider. Members sign in with “Continue
        with …” buttons; a first sign-in creates the account and joins the hub under its approval rules.
      </Text>
      {providers.isPending ? (
        <LoadingState label="Loading providers…" />
      ) : providers.isError ? (
        <ErrorState error={providers.error} onRetry={() => void providers.refetch()} />
      ) : (
        <>
          <CopyField
            label="Redirect URI to register at the provider"
            value={providers.data.oidcRedirectUri}
            testId="oidc-redirect-uri"
          />
          {oidc.length === 0 && editing === null ? (
            <Text c="gray.7">
              No OpenID Connect provider yet: members sign in with their email and password.
            </Text>
          ) : null}
          {oidc.map((provider) =>
            editing !== 'new' && editing?.id === provider.id ? (
              <ProviderForm key={provider.id} provider={provider} onDone={() => setEditing(null)} />
            ) : (
              <ProviderCard key={provider.id} provider={provider} onEdit={() => setEditing(provider)} />
            ),
          )}
          {editing === 'new' ? (
            <ProviderForm provider={null} onDone={() => setEditing(null)} />
          ) : (
            <Group>
              <Button variant="outline" onClick={() => setEditing('new')}>
                Add OpenID Connect provider
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
