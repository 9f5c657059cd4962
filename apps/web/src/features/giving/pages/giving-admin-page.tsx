import { Alert, Anchor, Divider, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useGivingPage, useGivingSettings } from '../api/giving';
import { GivingSettingsForm } from '../components/giving-settings-form';
import { PledgesTable } from '../components/pledges-table';

/** {hubPath}/site-admin/giving: donations admins edit the giving settings and see and export pledges (issue #18 item 6). */
export function GivingAdminPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Giving');
  const page = useGivingPage(identifier);
  const mayManage = page.data?.can.manage === true;
  const settings = useGivingSettings(identifier, mayManage);

  const heading = <Title order={1}>Giving</Title>;
  if (page.isPending) return <LoadingState />;
  if (page.isError) {
    return (
      <Stack>
        {heading}
        <ErrorState error={page.error} onRetry={() => void page.refetch()} />
      </Stack>
    );
  }
  if (!mayManage) {
    return (
      <Stack>
        {heading}
        <EmptyState title="You cannot manage giving here">
          Managing giving needs the “donations” right in this hub.
        </EmptyState>
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        {heading}
        <Text c="dimmed">
          Members pledge on the{' '}
          <Anchor component={Link} to={paths.hub.give(identifier)}>
            giving page
          </Anchor>{' '}
          and complete their gift on the school’s payment page; Commons takes no payments.
        </Text>
      </Stack>
      {page.data.isFormEnabled ? null : (
        <Alert
          color="yellow"
          variant="light"
          // The light yellow title (2.3:1) is below 4.5:1 on its background; the body text colour passes.
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          title="The giving form is off"
          role="status"
        >
          <Text size="sm">
            The hub’s “Giving form” feature is off: members are sent straight to the payment page (the
            banner’s giving link) and cannot pledge here.{' '}
            <Anchor component={Link} to={paths.hub.siteAdminFeatures(identifier)} size="sm">
              Turn the feature on under Features
            </Anchor>
          </Text>
        </Alert>
      )}
      {settings.isPending ? (
        <LoadingState label="Loading the settings…" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <GivingSettingsForm hubIdentifier={identifier} settings={settings.data} />
      )}
      <Divider />
      <PledgesTable hubIdentifier={identifier} />
    </Stack>
  );
}
