import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { ContentHubContext } from '../../../lib/content-hub';
import { useCurrentGroup } from '../../../lib/current-group';
import { Feed } from '../components/feed';

/** The feed tab of a group, program or organization: always shown (spec 2), its content for members in good standing (spec 6). */
export function GroupFeedTab() {
  const group = useCurrentGroup();
  usePageTitle(group.data ? `${group.data.name} feed` : 'Feed');
  if (group.isPending) return <LoadingState />;
  if (group.isError) return <ErrorState error={group.error} onRetry={() => void group.refetch()} />;
  if (!group.data.can.viewContent)
    return <EmptyState title="Members only">Join this group to follow what happens in it.</EmptyState>;
  return (
    <ContentHubContext.Provider value={group.data.hub.identifier}>
      <Feed groupId={group.data.id} title="Feed" />
    </ContentHubContext.Provider>
  );
}
