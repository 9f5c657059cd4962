import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { advisingPaths } from '../../../config/advising-paths';
import { paths } from '../../../config/paths';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import { useAdminAdvisers, useDeleteAdviser, useUpdateAdviser } from '../api/advising-admin';
import { useAdviserAvailability } from '../api/availability';
import { AdviserForm, adviserValues } from '../components/adviser-form';
import { AvailabilityForm } from '../components/availability-form';
import { RemoveDialog } from '../components/remove-dialog';
import { AdvisingAdminGate } from './advising-admin-page';

/**
 * {hubPath}/site-admin/advising/advisers/{adviserId} (issue #21 items 1 and 2): one adviser's settings (title,
 * bio, zone, topics, appointment types, bookable), their weekly hours, date exceptions and calendar address,
 * and removing them.
 */
export function AdviserAdminPage() {
  const { identifier = '', adviserId = '' } = useParams();
  const navigate = useNavigate();
  const timeZone = useViewerTimeZone();
  const advisers = useAdminAdvisers(identifier);
  const adviser = advisers.data?.find((a) => a.id === adviserId) ?? null;
  const availability = useAdviserAvailability(identifier, adviser === null ? null : adviser.id);
  const update = useUpdateAdviser(identifier);
  const remove = useDeleteAdviser(identifier);
  const [isRemoving, setIsRemoving] = useState(false);
  usePageTitle(adviser === null ? 'Adviser' : `Adviser: ${adviser.fullName}`);

  let body: ReactNode;
  if (advisers.isPending) body = <LoadingState />;
  else if (advisers.isError)
    body = <ErrorState error={advisers.error} onRetry={() => void advisers.refetch()} />;
  else if (adviser === null)
    body = (
      <EmptyState title="No such adviser">
        <Anchor component={Link} to={advisingPaths.admin(identifier, 'advisers')}>
          Back to the advisers
        </Anchor>
      </EmptyState>
    );
  else
    body = (
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {adviser.fullName}
            </Title>
            <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {adviser.email} ·{' '}
              <Anchor component={Link} to={paths.profile(adviser.identifier)} size="sm">
                Profile
              </Anchor>
            </Text>
          </Stack>
          <Button
            variant="outline"
            color="red.9"
            onClick={() => {
              remove.reset();
              setIsRemoving(true);
            }}
          >
            Remove as adviser
          </Button>
        </Group>
        <Paper
          component="section"
          aria-labelledby="adviser-settings"
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          radius="md"
        >
          <Title order={2} size="h4" id="adviser-settings" mb="sm">
            Settings
          </Title>
          <AdviserForm
            key={adviser.id}
            hubIdentifier={identifier}
            initial={adviserValues(adviser, timeZone)}
            submitLabel="Save settings"
            isSaving={update.isPending}
            error={update.error}
            onSubmit={(values) =>
              update.mutate(
                { id: adviser.id, body: values },
                { onSuccess: () => notifications.show({ color: 'green', message: 'Adviser saved.' }) },
              )
            }
          />
        </Paper>
        {availability.isPending ? (
          <LoadingState label="Loading their hours…" />
        ) : availability.isError ? (
          <ErrorState error={availability.error} onRetry={() => void availability.refetch()} />
        ) : (
          <AvailabilityForm
            hubIdentifier={identifier}
            availability={availability.data}
            whose={`${adviser.firstName}’s`}
          />
        )}
        {isRemoving ? (
          <RemoveDialog
            title={`Remove ${adviser.fullName} as an adviser?`}
            message="Students can no longer book them; their past appointments stay in the reports. An adviser with upcoming appointments cannot be removed: turn off “Students can book this adviser” instead."
            confirmLabel="Remove as adviser"
            isPending={remove.isPending}
            error={remove.error}
            onCancel={() => setIsRemoving(false)}
            onConfirm={() =>
              remove.mutate(adviser.id, {
                onSuccess: () => {
                  notifications.show({
                    color: 'green',
                    message: `${adviser.fullName} is no longer an adviser.`,
                  });
                  void navigate(advisingPaths.admin(identifier, 'advisers'));
                },
              })
            }
          />
        ) : null}
      </Stack>
    );
  return (
    <AdvisingAdminGate hubIdentifier={identifier} title="Adviser">
      {body}
    </AdvisingAdminGate>
  );
}
