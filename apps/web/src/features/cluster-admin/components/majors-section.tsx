import type { TMajor } from '@commons/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
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
import { useCreateMajor, useMajors, useReorderMajors, useUpdateMajor } from '../api/cluster-admin';

function AddMajorForm() {
  const create = useCreateMajor();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Enter a name.');
      return;
    }
    setError(undefined);
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (major) => {
          setName('');
          notifications.show({ message: `${major.name} added.` });
        },
        onError: (failure) => {
          setError(isApiError(failure) ? (failure.fields.name ?? errorText(failure)) : errorText(failure));
        },
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Add a major">
      <Group align="flex-start" wrap="wrap" gap="xs">
        <TextInput
          label="New major"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 220px' }}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} loading={create.isPending}>
          Add major
        </Button>
      </Group>
    </form>
  );
}

function MajorRow(props: {
  major: TMajor;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  isMoving: boolean;
}) {
  const { major } = props;
  const update = useUpdateMajor();
  const [isRenaming, setIsRenaming] = useState(false);
  const [name, setName] = useState(major.name);
  const [error, setError] = useState<string | undefined>();
  const rename = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: major.id, body: { name: name.trim() } },
      {
        onSuccess: () => setIsRenaming(false),
        onError: (failure) => {
          setError(isApiError(failure) ? (failure.fields.name ?? errorText(failure)) : errorText(failure));
        },
      },
    );
  };
  return (
    <li style={{ listStyle: 'none' }}>
      <Card withBorder padding="xs">
        {isRenaming ? (
          <form onSubmit={rename} noValidate>
            <Group align="flex-start" gap="xs" wrap="wrap">
              <TextInput
                label={`New name for ${major.name}`}
                maxLength={100}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                error={error}
                style={{ flex: '1 1 200px' }}
                data-autofocus
                autoFocus
              />
              <Group gap="xs" mt={{ base: 0, xs: 25 }}>
                <Button type="submit" size="sm" loading={update.isPending}>
                  Save name
                </Button>
                <Button
                  size="sm"
                  variant="default"
                  onClick={() => {
                    setIsRenaming(false);
                    setName(major.name);
                    setError(undefined);
                  }}
                >
                  Cancel
                </Button>
              </Group>
            </Group>
          </form>
        ) : (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              <Text fw={500} c={major.isArchived ? 'gray.7' : undefined}>
                {major.name}
              </Text>
              {major.isArchived ? (
                <Badge variant="outline" color="gray.7">
                  Archived
                </Badge>
              ) : null}
            </Group>
            <Group gap={4} wrap="wrap">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Move ${major.name} up`}
                disabled={props.index === 0 || props.isMoving}
                onClick={() => props.onMove(props.index, props.index - 1)}
              >
                <span aria-hidden="true">↑</span>
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Move ${major.name} down`}
                disabled={props.index === props.count - 1 || props.isMoving}
                onClick={() => props.onMove(props.index, props.index + 1)}
              >
                <span aria-hidden="true">↓</span>
              </ActionIcon>
              <Button size="xs" variant="default" onClick={() => setIsRenaming(true)}>
                Rename<VisuallyHidden> {major.name}</VisuallyHidden>
              </Button>
              <Button
                size="xs"
                variant="subtle"
                loading={update.isPending}
                onClick={() => update.mutate({ id: major.id, body: { isArchived: !major.isArchived } })}
                aria-label={`${major.isArchived ? 'Restore' : 'Archive'} ${major.name}`}
              >
                {major.isArchived ? 'Restore' : 'Archive'}
              </Button>
            </Group>
          </Group>
        )}
      </Card>
    </li>
  );
}

/** The majors catalogue: add, rename, archive or restore, and order. */
export function MajorsSection() {
  const majors = useMajors();
  const reorder = useReorderMajors();
  const move = (items: TMajor[], from: number, to: number) => {
    const ids = items.map((item) => item.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    reorder.mutate(ids);
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="majors-title" id="majors">
      <Title order={2} id="majors-title">
        Majors
      </Title>
      <Text c="gray.7">
        The majors members choose from in their profiles and onboarding, in this order. Archived majors are no
        longer offered; profiles that name them keep them.
      </Text>
      <AddMajorForm />
      {majors.isPending ? (
        <LoadingState label="Loading majors…" />
      ) : majors.isError ? (
        <ErrorState error={majors.error} onRetry={() => void majors.refetch()} />
      ) : majors.data.items.length === 0 ? (
        <Text c="gray.7">No majors yet: add the first one above.</Text>
      ) : (
        <Stack component="ul" gap={6} p={0} m={0} aria-label="Majors in order">
          {majors.data.items.map((major, index, items) => (
            <MajorRow
              key={`${major.id}-${major.name}`}
              major={major}
              index={index}
              count={items.length}
              isMoving={reorder.isPending}
              onMove={(from, to) => move(items, from, to)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
