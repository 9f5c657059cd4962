import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { ContentHubContext } from '../../../lib/content-hub';
import { useCurrentGroup } from '../../../lib/current-group';
import { ResourceBoard } from '../components/resource-board';

/** The resources tab of a group, program or organization, for members in good standing (spec 6 Group content). */
export function GroupResourcesTab() {
  const group = useCurrentGroup();
  usePageTitle(group.data ? `${group.data.name} resources` : 'Resources');
  if (group.isPending) return <LoadingState />;
  if (group.isError) return <ErrorState error={group.error} onRetry={() => void group.refetch()} />;
  if (!group.data.can.viewContent)
    return <EmptyState title="Members only">Join this group to see its resources.</EmptyState>;
  return (
    <ContentHubContext.Provider value={group.data.hub.identifier}>
      <ResourceBoard groupId={group.data.id} isBusinessDirectory={false} />
    </ContentHubContext.Provider>
  );
}
