import { webPaths } from '@commons/contract';
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
