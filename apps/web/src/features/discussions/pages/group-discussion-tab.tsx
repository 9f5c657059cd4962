import { LoadingState } from '../../../components/loading-state';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { usePageTitle } from '../../../components/use-page-title';
import { ContentHubContext } from '../../../lib/content-hub';
import { useCurrentGroup } from '../../../lib/current-group';
import { DiscussionBoard } from '../components/discussion-board';

/** The discussion tab of a group, program or organization: its questions, for members in good standing (spec 6 Group content). */
export function GroupDiscussionTab() {
  const group = useCurrentGroup();
  usePageTitle(group.data ? `${group.data.name} discussion` : 'Discussion');
  if (group.isPending) return <LoadingState />;
  if (group.isError) return <ErrorState error={group.error} onRetry={() => void group.refetch()} />;
  if (!group.data.can.viewContent)
    return <EmptyState title="Members only">Join this group to see and ask questions.</EmptyState>;
  return (
    <ContentHubContext.Provider value={group.data.hub.identifier}>
      <DiscussionBoard groupId={group.data.id} />
    </ContentHubContext.Provider>
  );
}
