import { webPaths, type TActionItem } from '@commons/contract';
import { paths } from '../../../config/paths';

/**
 * Where an action item's link leads in the web app (spec 3 Action items): an absolute http(s) URL opens
 * outside; '/profile…' is the viewer's own profile (with its query or anchor); another path starting with
 * '/' is a cluster page; anything else is relative to the hub (spec 2 {hubPath}/…).
 */
export function actionItemHref(
  link: string | null,
  options: { hubIdentifier: string; userIdentifier: string },
): { href: string; isExternal: boolean } | null {
  if (link === null || link.trim() === '') return null;
  if (/^https?:\/\//i.test(link)) return { href: link, isExternal: true };
  if (link === '/profile' || /^\/profile[?#]/.test(link)) {
    const rest = link.slice('/profile'.length);
    return { href: `${webPaths.profile(options.userIdentifier)}/${rest}`, isExternal: false };
  }
  if (link.startsWith('/')) return { href: link, isExternal: false };
  return { href: paths.hub.module(options.hubIdentifier, link), isExternal: false };
}

/** What an action item's button does: open a page (inside or outside the app) or the item's dialog. */
export type TActionItemTarget =
  | { kind: 'link'; href: string; isExternal: boolean }
  | { kind: 'dialog'; dialog: 'help-topics' | 'notifications' };

/**
 * The button of an action item by its click action (spec 3): links lead where {@link actionItemHref} says,
 * 'group' opens the groups and programs to register in, and 'modal' opens the item's dialog where the web
 * app has one (offer_expertise: help topics; get_notified: email notifications), and 'pathway' the viewer's
 * pathways. Null when the item has no button (no link, or a dialog the web app lacks).
 */
export function actionItemTarget(
  item: Pick<TActionItem, 'type' | 'clickAction' | 'link'>,
  options: { hubIdentifier: string; userIdentifier: string },
): TActionItemTarget | null {
  switch (item.clickAction) {
    case 'link':
    case 'link-or-highlight': {
      const target = actionItemHref(item.link, options);
      return target === null ? null : { kind: 'link', ...target };
    }
    case 'group':
      return { kind: 'link', href: paths.groups(), isExternal: false };
    case 'modal':
      if (item.type === 'offer_expertise') return { kind: 'dialog', dialog: 'help-topics' };
      if (item.type === 'get_notified') return { kind: 'dialog', dialog: 'notifications' };
      return null;
    case 'pathway':
      // The viewer's pathways (issue #20): the list opens each one at its resume step.
      return { kind: 'link', href: paths.hub.pathways(options.hubIdentifier), isExternal: false };
  }
}
