import { TabLinkNav, type TTabLink } from '../../../components/tab-link-nav';
import { advisingPaths } from '../../../config/advising-paths';
import { useAdvisingMe } from '../api/booking';

/**
 * The advising pages' own tabs: book, the advisers, my appointments, and for advisers their advising hours.
 * Only what the viewer may use is offered (GET /api/advising/me).
 */
export function AdvisingNav({ hubIdentifier }: { hubIdentifier: string }) {
  const me = useAdvisingMe(hubIdentifier);
  const items: TTabLink[] = [];
  const link = (key: string, name: string, href: string): TTabLink => ({
    key,
    name,
    href,
    isExternal: false,
    isExact: true,
  });
  if (me.data?.can.book !== false) items.push(link('book', 'Book', advisingPaths.quickBook()));
  items.push(link('people', 'Advisers', advisingPaths.people()));
  items.push(link('appointments', 'My appointments', advisingPaths.appointments()));
  if (me.data?.adviser) items.push(link('availability', 'My advising hours', advisingPaths.availability()));
  return <TabLinkNav label="Advising" items={items} isLoading={me.isPending && hubIdentifier !== ''} />;
}
