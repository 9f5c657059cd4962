import { HubFeed } from '../../features/feed/pages/hub-feed';
import { HubHomePage } from '../../features/home/pages/hub-home-page';

/** The hub home with the hub feed in it: the app composes the two features (features never import each other). */
export function HubHomeRoute() {
  return <HubHomePage feed={(hubIdentifier) => <HubFeed hubIdentifier={hubIdentifier} />} />;
}
