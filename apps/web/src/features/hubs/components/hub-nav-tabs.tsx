import type { THub, THubMembershipSummary } from '@commons/contract';
import { TabLinkNav, type TTabLink } from '../../../components/tab-link-nav';
import { paths } from '../../../config/paths';
import { navModuleHref, visibleNavModules } from '../nav-modules';

/**
 * The hub's navigation tabs (spec 2 Navigation tabs), driven by its active modules and the member's
 * user type. While the hub loads it shows placeholders; without hub data only Home is offered.
 */
export function HubNavTabs(props: {
  hubIdentifier: string;
  hub: THub | undefined;
  membership: THubMembershipSummary | undefined;
  isLoading: boolean;
}) {
  const { hubIdentifier, hub } = props;
  const modules =
    hub === undefined ? [] : visibleNavModules({ hub, userTypeId: props.membership?.userType?.id ?? null });
  const items: TTabLink[] =
    modules.length === 0
      ? [{ key: 'home', name: 'Home', href: paths.hub.home(hubIdentifier), isExternal: false, isExact: true }]
      : modules.map((module) => ({
          key: module.id,
          name: module.name,
          href: navModuleHref({ module, hubIdentifier }),
          isExternal: module.isExternal,
          isExact: module.id === 'home',
        }));
  return <TabLinkNav label="Hub sections" items={items} isLoading={props.isLoading} />;
}
