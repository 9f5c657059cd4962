import type { THub, THubMembershipSummary } from '@commons/contract';
import { TabLinkList, TabLinkNav, type TTabLink } from '../../../components/tab-link-nav';
import { paths, ROUTES } from '../../../config/paths';
import { isBuiltModule } from '../built-modules';
import { navModuleHref, visibleNavModules } from '../nav-modules';

/** The hub home's other address (/hub/x/home), where its tab is current too. */
function homeAliases(hubIdentifier: string): string[] {
  return [`${paths.hub.home(hubIdentifier)}${ROUTES.hubChildren.home}`];
}

/** The job board's other pages (a post, posting one), where its tab is current too. */
function jobBoardAliases(hubIdentifier: string): string[] {
  return [paths.hub.module(hubIdentifier, '/job'), paths.hub.module(hubIdentifier, '/projects')];
}

/** Advising's other pages (quick booking, my appointments, an adviser's hours), where the Advisers tab is current too. */
const ADVISING_ALIASES: readonly string[] = ['/advising'];

/** The label of the hub's navigation landmark, in the header and in the phone's menu. */
export const HUB_SECTIONS_LABEL = 'Hub sections';

/**
 * The hub's navigation tabs (spec 2 Navigation tabs): its active modules for the member's user type,
 * without the modules whose pages are not built yet. Without hub data only Home is offered.
 */
export function hubNavItems(options: {
  hubIdentifier: string;
  hub: THub | undefined;
  membership: THubMembershipSummary | undefined;
}): TTabLink[] {
  const { hubIdentifier, hub } = options;
  const modules =
    hub === undefined
      ? []
      : visibleNavModules({ hub, userTypeId: options.membership?.userType?.id ?? null }).filter(
          isBuiltModule,
        );
  if (modules.length === 0)
    return [
      {
        key: 'home',
        name: 'Home',
        href: paths.hub.home(hubIdentifier),
        isExternal: false,
        isExact: true,
        alsoCurrentOn: homeAliases(hubIdentifier),
      },
    ];
  return modules.map((module) => ({
    key: module.id,
    name: module.name,
    href: navModuleHref({ module, hubIdentifier }),
    isExternal: module.isExternal,
    isExact: module.id === 'home',
    ...(module.id === 'home' ? { alsoCurrentOn: homeAliases(hubIdentifier) } : {}),
    ...(module.id === 'jobs' ? { alsoCurrentOn: jobBoardAliases(hubIdentifier) } : {}),
    ...(module.id === 'advisers' ? { alsoCurrentOn: ADVISING_ALIASES } : {}),
  }));
}

type THubNavProps = {
  hubIdentifier: string;
  hub: THub | undefined;
  membership: THubMembershipSummary | undefined;
  isLoading: boolean;
};

/** The hub's tabs on one row with a More menu (desktop header); placeholders while the hub loads. */
export function HubNavTabs(props: THubNavProps & { className?: string }) {
  return (
    <TabLinkNav
      label={HUB_SECTIONS_LABEL}
      items={hubNavItems(props)}
      isLoading={props.isLoading}
      className={props.className}
    />
  );
}

/** The hub's sections as a vertical list (the phone's menu drawer). */
export function HubNavList(props: THubNavProps) {
  return <TabLinkList label={HUB_SECTIONS_LABEL} items={hubNavItems(props)} isLoading={props.isLoading} />;
}
