import { ContentHubContext } from '../../../lib/content-hub';
import { Feed } from '../components/feed';

/** The feed of one hub, on its home page. */
export function HubFeed(props: { hubIdentifier: string }) {
  return (
    <ContentHubContext.Provider value={props.hubIdentifier}>
      <Feed groupId={null} title="What’s new" />
    </ContentHubContext.Provider>
  );
}
