import { LoadingState } from '../../../components/loading-state';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { usePageTitle } from '../../../components/use-page-title';
import { ContentHubContext } from '../../../lib/content-hub';
import { useCurrentGroup } from '../../../lib/current-group';
import { EventBoard } from '../components/event-board';

/** The events tab of a group, program or organization (spec 2 tabs: event or events-v2). */
export function GroupEventsTab() {
  const group = useCurrentGroup();
  usePageTitle(group.data ? `${group.data.name} events` : 'Events');
  if (group.isPending) return <LoadingState />;
  if (group.isError) return <ErrorState error={group.error} onRetry={() => void group.refetch()} />;
  if (!group.data.can.viewContent)
    return <EmptyState title="Members only">Join this group to see its events.</EmptyState>;
  return (
    <ContentHubContext.Provider value={group.data.hub.identifier}>
      <EventBoard groupId={group.data.id} />
    </ContentHubContext.Provider>
  );
}
