import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { PLATFORM_ADMIN_ROUTE } from '../../../config/platform-admin-paths';
import { useCurrentUser } from '../../../lib/current-user';
import { ErasurePreview } from '../components/erasure-preview';

/**
 * /super-admin/clusters/:clusterId/erasure (issue #23 item 1): the dry run of erasing a tenant, with the date its
 * erasure is scheduled for. Super admins only.
 */
export function ErasurePreviewPage() {
  usePageTitle('Tenant erasure preview');
  const me = useCurrentUser();
  const { clusterId = '' } = useParams();
  if (me.data === undefined) return <LoadingState />;
  if (!me.data.isAdmin)
    return (
      <EmptyState title="Only super admins can see this">
        Tenant erasure is managed by the platform&apos;s super admins.
      </EmptyState>
    );
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Anchor component={Link} to={PLATFORM_ADMIN_ROUTE} size="sm">
          Back to the super admin console
        </Anchor>
        <Title order={1}>Tenant erasure preview</Title>
        <Text c="gray.7">
          A dry run: every row of this tenant in every table, and every stored file of its hubs, counted now.
          Nothing is deleted from this page.
        </Text>
      </Stack>
      <ErasurePreview clusterId={clusterId} />
    </Stack>
  );
}
