import type { TPlatformCluster } from '@commons/contract';
import { DATA_REGION_LABELS, dataRegionForHubId, type TTenantType } from '@commons/domain';
import { Button, Checkbox, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-error';
import {
  useCreateCluster,
  useCreatePlatformHub,
  useTenantTypes,
  useUpdateCluster,
} from '../api/platform-admin';

type TErrors = Record<string, string | undefined>;

/** The field messages of a refused write, with the general message under `form`. */
function errorsOf(failure: unknown): TErrors {
  if (!isApiError(failure)) return { form: 'Something went wrong. Please try again.' };
  const fields: TErrors = { ...failure.fields };
  if (Object.keys(failure.fields).length === 0) fields.form = failure.userMessage ?? failure.message;
  return fields;
}

function TenantTypeSelect(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
  description?: string;
}) {
  const types = useTenantTypes();
  const options = (types.data?.items ?? []).map((t) => ({ value: t.type, label: t.label }));
  const chosen = types.data?.items.find((t) => t.type === props.value);
  return (
    <NativeSelect
      label={props.label ?? 'Tenant type'}
      description={chosen?.description ?? props.description}
      data={options.length ? options : [{ value: props.value, label: 'Loading tenant types…' }]}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.error}
      disabled={types.isPending}
    />
  );
}

/** New cluster: name, tenant type, production, CRM account id, host names. */
export function CreateClusterModal(props: { opened: boolean; onClose: () => void }) {
  const create = useCreateCluster();
  const types = useTenantTypes();
  const [name, setName] = useState('');
  const [tenantType, setTenantType] = useState<string>('standard');
  const [isProduction, setIsProduction] = useState<boolean | null>(null);
  const [sfAccountId, setSfAccountId] = useState('');
  const [hostnames, setHostnames] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const defaultProduction =
    types.data?.items.find((t) => t.type === tenantType)?.isProductionByDefault ?? true;
  const close = () => {
    setErrors({});
    props.onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setErrors({ name: 'Enter a name of 1 to 120 characters.' });
      return;
    }
    create.mutate(
      {
        name,
        tenantType: tenantType as TTenantType,
        isProduction: isProduction ?? defaultProduction,
        sfAccountId,
        hostnames: hostnames
          .split(/[\s,]+/)
          .map((h) => h.trim())
          .filter(Boolean),
      },
      {
        onSuccess: (cluster) => {
          notifications.show({ message: `${cluster.name} created. Add its first hub next.` });
          setName('');
          setSfAccountId('');
          setHostnames('');
          setIsProduction(null);
          close();
        },
        onError: (failure) => setErrors(errorsOf(failure)),
      },
    );
  };
  return (
    <Modal opened={props.opened} onClose={close} title="New cluster">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            maxLength={120}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <TenantTypeSelect value={tenantType} onChange={setTenantType} error={errors.tenantType} />
          <Checkbox
            label="Production tenant"
            description="Trials start as not production."
            checked={isProduction ?? defaultProduction}
            onChange={(e) => setIsProduction(e.currentTarget.checked)}
          />
          <TextInput
            label="CRM account id"
            description="Optional, e.g. the Salesforce account id."
            maxLength={64}
            value={sfAccountId}
            onChange={(e) => setSfAccountId(e.currentTarget.value)}
            error={errors.sfAccountId}
          />
          <TextInput
            label="Host names"
            description="Optional, separated by commas, e.g. alumni.example.edu."
            value={hostnames}
            onChange={(e) => setHostnames(e.currentTarget.value)}
            error={errors.hostnames ?? Object.entries(errors).find(([k]) => k.startsWith('hostnames.'))?.[1]}
          />
          {errors.form ? (
            <Text c="red.9" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create cluster
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Edit a cluster's name, production flag and CRM account id. */
export function EditClusterModal(props: { cluster: TPlatformCluster; opened: boolean; onClose: () => void }) {
  const { cluster } = props;
  const update = useUpdateCluster();
  const [name, setName] = useState(cluster.name);
  const [isProduction, setIsProduction] = useState(cluster.isProduction);
  const [sfAccountId, setSfAccountId] = useState(cluster.sfAccountId ?? '');
  const [errors, setErrors] = useState<TErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: cluster.id, body: { name, isProduction, sfAccountId } },
      {
        onSuccess: (saved) => {
          notifications.show({ message: `${saved.name} saved.` });
          setErrors({});
          props.onClose();
        },
        onError: (failure) => setErrors(errorsOf(failure)),
      },
    );
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Edit ${cluster.name}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            maxLength={120}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <Checkbox
            label="Production tenant"
            checked={isProduction}
            onChange={(e) => setIsProduction(e.currentTarget.checked)}
          />
          <TextInput
            label="CRM account id"
            description="Leave empty to remove it."
            maxLength={64}
            value={sfAccountId}
            onChange={(e) => setSfAccountId(e.currentTarget.value)}
            error={errors.sfAccountId}
          />
          {errors.form ? (
            <Text c="red.9" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** New hub in a cluster from a tenant type; the id decides the data region, shown as it is typed. */
export function CreateHubModal(props: { cluster: TPlatformCluster; opened: boolean; onClose: () => void }) {
  const { cluster } = props;
  const create = useCreatePlatformHub();
  const [id, setId] = useState('');
  const [identifier, setIdentifier] = useState('');
  const [name, setName] = useState('');
  const [tenantType, setTenantType] = useState<string>(cluster.defaultSetting ?? 'standard');
  const [errors, setErrors] = useState<TErrors>({});
  const numericId = /^\d{1,7}$/.test(id.trim()) ? Number(id.trim()) : null;
  const region = numericId === null ? null : DATA_REGION_LABELS[dataRegionForHubId(numericId)];
  const close = () => {
    setErrors({});
    props.onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: TErrors = {};
    if (numericId === null || numericId < 1)
      missing.id = 'Enter a hub id from 1 to 9,999,999 (it decides the data region).';
    if (identifier.trim() === '') missing.identifier = 'Enter an identifier, e.g. lakeside.';
    if (name.trim() === '') missing.name = 'Enter a name of 1 to 120 characters.';
    if (Object.keys(missing).length || numericId === null) {
      setErrors(missing);
      return;
    }
    create.mutate(
      {
        clusterId: cluster.id,
        body: { id: numericId, identifier, name, tenantType: tenantType as TTenantType },
      },
      {
        onSuccess: () => {
          notifications.show({ message: `${name.trim()} added to ${cluster.name}.` });
          setId('');
          setIdentifier('');
          setName('');
          close();
        },
        onError: (failure) => setErrors(errorsOf(failure)),
      },
    );
  };
  return (
    <Modal opened={props.opened} onClose={close} title={`New hub in ${cluster.name}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Hub id"
            required
            inputMode="numeric"
            maxLength={7}
            value={id}
            onChange={(e) => setId(e.currentTarget.value)}
            description={
              region === null
                ? '1,000,000–1,999,999 Australia, 2,000,000–2,999,999 Europe, 3,000,000–3,999,999 Canada, other ids United States.'
                : `Data region: ${region}`
            }
            error={errors.id}
            data-autofocus
          />
          <TextInput
            label="Identifier"
            required
            description="Lowercase letters, digits and hyphens; used in the hub's web addresses."
            maxLength={63}
            value={identifier}
            onChange={(e) => setIdentifier(e.currentTarget.value)}
            error={errors.identifier}
          />
          <TextInput
            label="Name"
            required
            maxLength={120}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <TenantTypeSelect value={tenantType} onChange={setTenantType} error={errors.tenantType} />
          {errors.form ? (
            <Text c="red.9" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create hub
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
