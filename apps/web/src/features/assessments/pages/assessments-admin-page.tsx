import type { TAdminAssessment } from '@commons/contract';
import { DEFAULT_ASSESSMENT_NAME } from '@commons/domain';
import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { assessmentPaths } from '../../../config/assessment-paths';
import { paths } from '../../../config/paths';
import {
  useAdminAssessments,
  useDeleteAssessment,
  useSaveAssessmentSettings,
} from '../api/assessments-admin';
import { AssessmentForm } from '../components/assessment-form';

/** The tab's name: 'PathwayU' unless the hub renames it (spec 9 Default names). */
function TabNameForm(props: { hubIdentifier: string; tabName: string }) {
  const save = useSaveAssessmentSettings(props.hubIdentifier);
  const [tabName, setTabName] = useState(props.tabName);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(tabName.trim() === '' ? DEFAULT_ASSESSMENT_NAME : tabName.trim(), {
      onSuccess: () => notifications.show({ color: 'green', message: 'Tab name saved.' }),
    });
  };
  return (
    <form onSubmit={handleSubmit} aria-label="Tab name">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Tab name"
          description={`Members see the assessments under this name (${DEFAULT_ASSESSMENT_NAME} by default).`}
          maxLength={40}
          value={tabName}
          onChange={(event) => setTabName(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Button type="submit" variant="default" loading={save.isPending}>
          Save tab name
        </Button>
      </Group>
      <ErrorAlert error={save.error} />
    </form>
  );
}

/** One configured assessment with the addresses the provider needs. */
function AdminAssessmentRow(props: {
  hubIdentifier: string;
  assessment: TAdminAssessment;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { assessment } = props;
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="xs">
            <Text fw={700}>{assessment.name}</Text>
            {assessment.isActive ? null : (
              <Badge color="gray.8" variant="filled" radius="sm" tt="none">
                Off
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={props.onEdit} aria-label={`Edit ${assessment.name}`}>
              Edit
            </Button>
            <Button
              variant="default"
              color="red.9"
              size="xs"
              onClick={props.onRemove}
              aria-label={`Remove ${assessment.name}`}
            >
              Remove
            </Button>
          </Group>
        </Group>
        <Anchor
          component={Link}
          to={assessmentPaths.assessment(props.hubIdentifier, assessment.slug)}
          size="sm"
        >
          {assessmentPaths.assessment(props.hubIdentifier, assessment.slug)}
        </Anchor>
        <Text size="sm">
          Launch URL: <Code style={{ overflowWrap: 'anywhere' }}>{assessment.launchUrl}</Code>
        </Text>
        <Text size="sm">
          Results webhook (give it to the provider):{' '}
          <Code style={{ overflowWrap: 'anywhere' }}>{assessment.webhookUrl}</Code>
        </Text>
        <Text size="sm" c="gray.7">
          Shared secret set (never shown) · {assessment.resultCount}{' '}
          {assessment.resultCount === 1 ? 'result' : 'results'} received
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * {hubPath}/site-admin/career-assessment (issue #20 item 4, right manage-career-paths): the hub's external
 * assessments, their launch and webhook addresses and shared secrets, and the tab's name.
 */
export function AssessmentsAdminPage() {
  usePageTitle('Career assessments');
  const { identifier = '' } = useParams();
  const list = useAdminAssessments(identifier);
  const remove = useDeleteAssessment(identifier);
  const [editing, setEditing] = useState<TAdminAssessment | 'new' | null>(null);
  const [removing, setRemoving] = useState<TAdminAssessment | null>(null);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.hub.siteAdmin(identifier)} size="sm">
        ← Site administration
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Career assessments</Title>
          <Text c="gray.7">
            An outside assessment members take from Commons; its results come back to their profile.
          </Text>
        </Stack>
        <Button onClick={() => setEditing('new')}>Add an assessment</Button>
      </Group>
      {list.isPending ? (
        <LoadingState label="Loading the assessments…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <TabNameForm hubIdentifier={identifier} tabName={list.data.tabName} />
          {list.data.items.length === 0 ? (
            <EmptyState title="No assessment yet">
              Add the provider’s launch URL and shared secret, then give the provider the results webhook.
            </EmptyState>
          ) : (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {list.data.items.map((assessment) => (
                <AdminAssessmentRow
                  key={assessment.id}
                  hubIdentifier={identifier}
                  assessment={assessment}
                  onEdit={() => setEditing(assessment)}
                  onRemove={() => {
                    remove.reset();
                    setRemoving(assessment);
                  }}
                />
              ))}
            </Stack>
          )}
        </>
      )}
      <Paper component="section" aria-labelledby="provider-heading" withBorder p="md" radius="md">
        <Title order={2} size="h4" id="provider-heading" mb="xs">
          What the provider does
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            Reads <Code>token</Code> from the launch URL: a JWT (HS256, the shared secret) with the member (
            <Code>sub</Code>, names), the hub, the launch id (<Code>jti</Code>), <Code>resultsUrl</Code> and{' '}
            <Code>returnUrl</Code>, valid for 10 minutes.
          </List.Item>
          <List.Item>
            Posts JSON <Code>{'{ deliveryId, launchId, completedAt, summary, matches }'}</Code> to the webhook
            with <Code>x-commons-timestamp</Code> (Unix seconds) and <Code>x-commons-signature: v1=</Code>
            HMAC-SHA256 of <Code>{'{timestamp}.{body}'}</Code>. Deliveries older than 5 minutes or seen before
            are refused.
          </List.Item>
          <List.Item>Sends the member back to the return URL.</List.Item>
        </List>
      </Paper>
      {editing === null ? null : (
        <Modal
          opened
          onClose={() => setEditing(null)}
          title={editing === 'new' ? 'Add an assessment' : `Edit ${editing.name}`}
        >
          <AssessmentForm
            hubIdentifier={identifier}
            assessment={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        </Modal>
      )}
      <ConfirmDeleteModal
        opened={removing !== null}
        title={`Remove “${removing?.name ?? ''}” and its results?`}
        isDeleting={remove.isPending}
        returnFocus={false}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing === null) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `“${removing.name}” removed.` });
              setRemoving(null);
            },
          });
        }}
      />
    </Stack>
  );
}
