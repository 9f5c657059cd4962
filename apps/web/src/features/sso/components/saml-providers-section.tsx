import {
  DEFAULT_SAML_ATTRIBUTE_MAPPING,
  type TSamlAttributeMapping,
  type TSamlProvider,
} from '@commons/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { isSsoErrorCode, SSO_ERROR_MESSAGES } from '@commons/domain';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import {
  useCreateSamlProvider,
  useDeleteSamlProvider,
  useSamlProviders,
  useTestSamlProvider,
  useUpdateSamlProvider,
} from '../api/saml-providers';
import { CopyField } from '../../../components/copy-field';

const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The server's field messages of a failed save, and its message for the rest. */
function failureOf(error: unknown): { fields: Record<string, string>; message: string | null } {
  if (!isApiError(error)) return { fields: {}, message: errorText(error) };
  const hasFields = Object.keys(error.fields).length > 0;
  return { fields: error.fields, message: hasFields ? null : errorText(error) };
}

/** The metadata XML: pasted, or read from an uploaded file into the same field (so it can be checked). */
function MetadataField(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label: string;
}) {
  const [fileError, setFileError] = useState<string | null>(null);
  const readFile = (file: File | null) => {
    if (!file) return;
    setFileError(null);
    file.text().then(props.onChange, () => setFileError('This file could not be read.'));
  };
  return (
    <Stack gap={4}>
      <Textarea
        label={props.label}
        description="Paste the XML from your identity provider (Entra ID, Okta, Google Workspace, Shibboleth…), or upload the file."
        autosize
        minRows={4}
        maxRows={10}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        error={props.error ?? fileError}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
      />
      <Group>
        <FileButton onChange={readFile} accept=".xml,application/xml,text/xml,application/samlmetadata+xml">
          {(buttonProps) => (
            <Button {...buttonProps} size="xs" variant="default">
              Upload metadata file
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}

type TMappingDraft = {
  email: string;
  firstName: string;
  lastName: string;
  photo: string;
  userType: string;
  userTypeValues: Array<{ value: string; title: string }>;
};

function draftOf(mapping: TSamlProvider['attributeMapping']): TMappingDraft {
  return {
    email: mapping.email ?? '',
    firstName: mapping.firstName ?? '',
    lastName: mapping.lastName ?? '',
    photo: mapping.photo ?? '',
    userType: mapping.userType ?? '',
    userTypeValues: Object.entries(mapping.userTypeValues ?? {}).map(([value, title]) => ({ value, title })),
  };
}

function mappingOf(draft: TMappingDraft): TSamlAttributeMapping {
  return {
    email: draft.email.trim(),
    firstName: draft.firstName.trim() || undefined,
    lastName: draft.lastName.trim() || undefined,
    photo: draft.photo.trim() || undefined,
    userType: draft.userType.trim() || undefined,
    userTypeValues: Object.fromEntries(
      draft.userTypeValues
        .filter((row) => row.value.trim() !== '' || row.title.trim() !== '')
        .map((row) => [row.value.trim(), row.title.trim()]),
    ),
  };
}

/** Which assertion attributes fill the account, and which values of one attribute choose the user type. */
function MappingFields(props: {
  draft: TMappingDraft;
  onChange: (draft: TMappingDraft) => void;
  fields: Record<string, string>;
}) {
  const { draft, onChange, fields } = props;
  const set = (key: keyof Omit<TMappingDraft, 'userTypeValues'>) => (value: string) =>
    onChange({ ...draft, [key]: value });
  const field = (key: string) => fields[`attributeMapping.${key}`];
  const setRow = (index: number, row: { value: string; title: string }) =>
    onChange({ ...draft, userTypeValues: draft.userTypeValues.map((old, i) => (i === index ? row : old)) });
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        Attribute mapping
      </Text>
      <Text size="sm" c="gray.7">
        The names of the attributes your identity provider sends. The NameID identifies the account.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput
          label="Email"
          required
          value={draft.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={field('email')}
        />
        <TextInput
          label="First name"
          value={draft.firstName}
          onChange={(e) => set('firstName')(e.currentTarget.value)}
          error={field('firstName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput
          label="Last name"
          value={draft.lastName}
          onChange={(e) => set('lastName')(e.currentTarget.value)}
          error={field('lastName')}
        />
        <TextInput
          label="Photo URL"
          value={draft.photo}
          onChange={(e) => set('photo')(e.currentTarget.value)}
          error={field('photo')}
        />
      </SimpleGrid>
      <TextInput
        label="User type attribute"
        description="Its value chooses a new member's user type (for example eduPersonAffiliation)."
        value={draft.userType}
        onChange={(e) => set('userType')(e.currentTarget.value)}
        error={field('userType')}
      />
      {draft.userTypeValues.map((row, index) => (
        <Group key={index} wrap="wrap" align="flex-end" gap="xs">
          <TextInput
            label={`Attribute value ${index + 1}`}
            value={row.value}
            onChange={(e) => setRow(index, { ...row, value: e.currentTarget.value })}
            style={{ flex: '1 1 160px' }}
          />
          <TextInput
            label={`User type title ${index + 1}`}
            description={index === 0 ? 'As the hub names it, e.g. Alumni' : undefined}
            value={row.title}
            onChange={(e) => setRow(index, { ...row, title: e.currentTarget.value })}
            style={{ flex: '1 1 160px' }}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Remove value ${index + 1}`}
            onClick={() =>
              onChange({ ...draft, userTypeValues: draft.userTypeValues.filter((_, i) => i !== index) })
            }
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {field('userTypeValues') ? (
        <Text size="sm" c="red.9">
          {field('userTypeValues')}
        </Text>
      ) : null}
      <Group>
        <Button
          size="xs"
          variant="default"
          disabled={draft.userTypeValues.length >= 20}
          onClick={() =>
            onChange({ ...draft, userTypeValues: [...draft.userTypeValues, { value: '', title: '' }] })
          }
        >
          Add a value
        </Button>
      </Group>
    </Stack>
  );
}

function AddSamlProviderForm(props: { onDone: () => void }) {
  const create = useCreateSamlProvider();
  const [name, setName] = useState('');
  const [metadataXml, setMetadataXml] = useState('');
  const [draft, setDraft] = useState(draftOf(DEFAULT_SAML_ATTRIBUTE_MAPPING));
  const failure = create.isError ? failureOf(create.error) : { fields: {}, message: null };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, metadataXml, attributeMapping: mappingOf(draft) },
      {
        onSuccess: (created) => {
          notifications.show({
            message: `${created.name} added. Give your identity provider Commons' metadata URL.`,
          });
          props.onDone();
        },
      },
    );
  };
  return (
    <Card withBorder component="form" onSubmit={handleSubmit} noValidate aria-labelledby="saml-add-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="saml-add-title">
          Add a SAML provider
        </Title>
        <TextInput
          label="Name"
          description="Members see it on the sign-in button."
          required
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={failure.fields['name']}
        />
        <MetadataField
          label="Identity provider metadata"
          value={metadataXml}
          onChange={setMetadataXml}
          error={failure.fields['metadataXml']}
        />
        <MappingFields draft={draft} onChange={setDraft} fields={failure.fields} />
        {failure.message ? (
          <Text size="sm" c="red.9" role="alert">
            {failure.message}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Add provider
          </Button>
          <Button variant="default" onClick={props.onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function EditSamlProviderForm(props: { provider: TSamlProvider; onDone: () => void }) {
  const { provider } = props;
  const update = useUpdateSamlProvider();
  const [name, setName] = useState(provider.name);
  const [metadataXml, setMetadataXml] = useState('');
  const [draft, setDraft] = useState(draftOf(provider.attributeMapping));
  const failure = update.isError ? failureOf(update.error) : { fields: {}, message: null };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        id: provider.id,
        body: {
          name,
          attributeMapping: mappingOf(draft),
          ...(metadataXml.trim() === '' ? {} : { metadataXml }),
        },
      },
      {
        onSuccess: (saved) => {
          notifications.show({ message: `${saved.name} saved.` });
          props.onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={`Edit ${provider.name}`}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={failure.fields['name']}
        />
        <MetadataField
          label="New metadata (optional)"
          value={metadataXml}
          onChange={setMetadataXml}
          error={failure.fields['metadataXml']}
        />
        <MappingFields draft={draft} onChange={setDraft} fields={failure.fields} />
        {failure.message ? (
          <Text size="sm" c="red.9" role="alert">
            {failure.message}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save<VisuallyHidden> {provider.name}</VisuallyHidden>
          </Button>
          <Button variant="default" onClick={props.onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SamlProviderCard(props: { provider: TSamlProvider }) {
  const { provider } = props;
  const update = useUpdateSamlProvider();
  const remove = useDeleteSamlProvider();
  const test = useTestSamlProvider();
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const toggle = (isEnabled: boolean) =>
    update.mutate(
      { id: provider.id, body: { isEnabled } },
      {
        onSuccess: (saved) =>
          notifications.show({
            message: saved.isEnabled
              ? `${saved.name} is on.`
              : `${saved.name} is off: nobody signs in with it.`,
          }),
      },
    );
  return (
    <Card withBorder component="article" aria-labelledby={`saml-${provider.id}`} data-testid="saml-provider">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id={`saml-${provider.id}`} style={{ overflowWrap: 'anywhere' }}>
            {provider.name}
          </Title>
          <Badge
            color={provider.isEnabled ? 'teal.9' : 'gray.8'}
            variant={provider.isEnabled ? 'filled' : 'outline'}
          >
            {provider.isEnabled ? 'On' : 'Off'}
          </Badge>
        </Group>
        <Switch
          label={`Members can sign in with ${provider.name}`}
          checked={provider.isEnabled}
          disabled={update.isPending}
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
        {test.isError ? (
          <Text size="sm" c="red.9" role="alert">
            {errorText(test.error)}
          </Text>
        ) : null}
        {update.isError && !isEditing ? (
          <Text size="sm" c="red.9" role="alert">
            {errorText(update.error)}
          </Text>
        ) : null}
        <Text size="sm">
          Give your identity provider Commons&apos; metadata URL, or the entity ID and ACS URL:
        </Text>
        <CopyField label="SP metadata URL" value={provider.sp.metadataUrl} />
        <CopyField label="Entity ID (audience)" value={provider.sp.entityId} />
        <CopyField label="ACS URL (HTTP-POST)" value={provider.sp.acsUrl} />
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            Identity provider
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Entity ID: {provider.idp.entityId}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Sign-in URL: {provider.idp.ssoUrl}
          </Text>
          {provider.idp.certificates.map((certificate) => {
            const { isExpired } = certificate;
            return (
              <Text key={certificate.fingerprintSha256} size="sm" c={isExpired ? 'red.9' : undefined}>
                Signing certificate {certificate.subject}, {isExpired ? 'expired' : 'valid until'}{' '}
                {DAY.format(new Date(certificate.validTo))}
                <Text span size="xs" c="gray.7" display="block" style={{ overflowWrap: 'anywhere' }}>
                  SHA-256 {certificate.fingerprintSha256}
                </Text>
              </Text>
            );
          })}
        </Stack>
        {isEditing ? (
          <EditSamlProviderForm provider={provider} onDone={() => setIsEditing(false)} />
        ) : (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setIsEditing(true)}>
              Edit<VisuallyHidden> {provider.name}</VisuallyHidden>
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={test.isPending}
              onClick={() => test.mutate(provider.id)}
            >
              Test connection<VisuallyHidden> of {provider.name}</VisuallyHidden>
            </Button>
            <Button size="xs" color="red.9" variant="outline" onClick={() => setIsConfirming(true)}>
              Remove<VisuallyHidden> {provider.name}</VisuallyHidden>
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDeleteModal
        opened={isConfirming}
        title={`Remove ${provider.name}?`}
        isDeleting={remove.isPending}
        returnFocus={false}
        consequence="Members who signed in with it keep their accounts and sign in another way."
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

/**
 * SAML providers of the sso-settings page (issue #24 item 2): add one from the IdP's metadata, copy what the IdP
 * needs of Commons (metadata URL, entity ID, ACS URL), edit the attribute mapping, turn it on or off, remove it.
 */
export function SamlProvidersSection() {
  const providers = useSamlProviders();
  const [isAdding, setIsAdding] = useState(false);
  const [searchParams] = useSearchParams();
  // A test sign-in (Test connection) comes back here with the tested provider or the reason it failed.
  const testedId = searchParams.get('sso_tested');
  const tested = providers.data?.items.find((provider) => provider.id === testedId) ?? null;
  const errorCode = searchParams.get('sso_error');
  return (
    <Stack gap="sm" component="section" aria-labelledby="saml-providers-title" id="saml">
      <Title order={2} id="saml-providers-title">
        SAML providers
      </Title>
      <Text c="gray.7">
        Members sign in through your organization&apos;s SAML 2.0 identity provider. Commons accepts only
        signed assertions, each once.
      </Text>
      {tested ? (
        <Alert color="teal.9" variant="outline" title="Test connection worked">
          {tested.name} answered with a signed assertion that Commons accepted. Nobody was signed in.
        </Alert>
      ) : null}
      {errorCode !== null ? (
        <Alert color="red" variant="outline" title="Test connection failed" role="alert">
          {isSsoErrorCode(errorCode) ? SSO_ERROR_MESSAGES[errorCode] : SSO_ERROR_MESSAGES.provider_error}
        </Alert>
      ) : null}
      {providers.isPending ? (
        <LoadingState label="Loading SAML providers…" />
      ) : providers.isError ? (
        <ErrorState error={providers.error} onRetry={() => void providers.refetch()} />
      ) : (
        <>
          {providers.data.items.length === 0 ? (
            <Text size="sm" c="gray.7">
              No SAML provider yet.
            </Text>
          ) : (
            providers.data.items.map((provider) => <SamlProviderCard key={provider.id} provider={provider} />)
          )}
          {isAdding ? (
            <AddSamlProviderForm onDone={() => setIsAdding(false)} />
          ) : (
            <Group>
              <Button onClick={() => setIsAdding(true)}>Add a SAML provider</Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
