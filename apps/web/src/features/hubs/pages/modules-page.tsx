import type { THubModuleSetting } from '@commons/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-error';
import { useHubModules, useUpdateHubModules } from '../api/hub-settings-api';
import { moveItem } from '../components/move-item';

type TRow = Pick<THubModuleSetting, 'id' | 'name' | 'isOn' | 'isRequired' | 'note'>;

const sameRows = (a: readonly TRow[], b: readonly TRow[]) =>
  a.length === b.length && a.every((row, index) => row.id === b[index]?.id && row.isOn === b[index]?.isOn);

/** The ordered list: each module's switch and its up and down buttons; Save sends the whole list. */
function ModulesForm(props: { hubIdentifier: string; modules: THubModuleSetting[] }) {
  const update = useUpdateHubModules(props.hubIdentifier);
  const [saved, setSaved] = useState<TRow[]>(props.modules);
  const [rows, setRows] = useState<TRow[]>(props.modules);
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const hasChanges = !sameRows(rows, saved);

  const move = (index: number, by: -1 | 1) => {
    const row = rows[index];
    if (row === undefined) return;
    const next = moveItem(rows, index, index + by);
    setRows(next);
    setAnnouncement(`${row.name} moved to position ${index + by + 1} of ${rows.length}.`);
    // Keep the focus on the moved row's same button, or on its other one once it reached an end of the list.
    const target = index + by;
    const isAtEnd = by === -1 ? target === 0 : target === rows.length - 1;
    const direction = (by === -1) !== isAtEnd ? 'up' : 'down';
    requestAnimationFrame(() => buttons.current.get(`${row.id}:${direction}`)?.focus());
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!hasChanges) return;
    update.mutate(
      { modules: rows.map((row) => ({ id: row.id, isOn: row.isOn })) },
      {
        onSuccess: (answer) => {
          setSaved(answer.modules);
          setRows(answer.modules);
          notifications.show({ color: 'green', message: 'Modules saved. Members see the new tabs now.' });
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Navigation modules">
      <Stack gap="md" maw={720}>
        <ol
          aria-label="Modules in the order members see them"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {rows.map((row, index) => (
            <li key={row.id}>
              <Paper withBorder radius="md" p="sm" mb="xs">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Text size="sm" c="dark.6" w={24} ta="right" aria-hidden>
                      {index + 1}.
                    </Text>
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Switch
                        size="md"
                        checked={row.isOn}
                        disabled={row.isRequired}
                        label={row.name}
                        aria-describedby={row.note === null ? undefined : `module-note-${row.id}`}
                        onChange={(event) => {
                          const isOn = event.currentTarget.checked;
                          setRows((current) => current.map((r) => (r.id === row.id ? { ...r, isOn } : r)));
                        }}
                      />
                      {row.isRequired ? (
                        <Badge variant="light" color="gray" size="sm">
                          Always on
                        </Badge>
                      ) : null}
                      {row.note === null ? null : (
                        <Text size="xs" c="dark.6" id={`module-note-${row.id}`}>
                          {row.note}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`Move ${row.name} up`}
                      disabled={index === 0}
                      ref={(node) => {
                        buttons.current.set(`${row.id}:up`, node);
                      }}
                      onClick={() => move(index, -1)}
                    >
                      <span aria-hidden>↑</span>
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`Move ${row.name} down`}
                      disabled={index === rows.length - 1}
                      ref={(node) => {
                        buttons.current.set(`${row.id}:down`, node);
                      }}
                      onClick={() => move(index, 1)}
                    >
                      <span aria-hidden>↓</span>
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            </li>
          ))}
        </ol>
        <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
        <Paper
          p="sm"
          radius="md"
          withBorder
          shadow={hasChanges ? 'sm' : undefined}
          style={
            hasChanges ? { position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 2 } : undefined
          }
        >
          {update.isError ? <ErrorAlert error={update.error} mb="sm" /> : null}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dark.6" aria-live="polite">
              {hasChanges ? 'Unsaved changes' : 'No unsaved changes'}
            </Text>
            <Group gap="xs">
              {hasChanges ? (
                <Button variant="default" onClick={() => setRows(saved)}>
                  Undo
                </Button>
              ) : null}
              <Button type="submit" loading={update.isPending} disabled={!hasChanges}>
                Save modules
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}

/**
 * {hubPath}/site-admin/modules (issue #22 item 1; spec 3 Active module item): hub admins with branding-settings
 * turn the hub's navigation modules on or off and put them in order with up and down buttons. A module turned
 * off leaves members' tabs and its pages answer as unavailable.
 */
export function ModulesPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Modules');
  const modules = useHubModules(identifier);
  const heading = <Title order={1}>Modules</Title>;
  if (modules.isPending) return <LoadingState label="Loading the modules…" />;
  if (modules.isError) {
    if (isApiError(modules.error) && modules.error.status === 403) {
      return (
        <Stack>
          {heading}
          <EmptyState title="You cannot change the modules here">
            Turning the hub’s modules on or off needs the “branding settings” right in this hub.
          </EmptyState>
        </Stack>
      );
    }
    return (
      <Stack>
        {heading}
        <ErrorState error={modules.error} onRetry={() => void modules.refetch()} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {heading}
        <Text c="dark.6">
          Choose the tabs members see and their order. A module turned off leaves every member’s navigation
          and its pages show as unavailable; its content is kept and returns when you turn it back on.
        </Text>
      </Stack>
      <ModulesForm hubIdentifier={identifier} modules={modules.data.modules} />
    </Stack>
  );
}
