import { ACTION_ITEMS } from '@commons/domain';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../config/paths';
import { actionItemHref, actionItemTarget } from './action-item-link';

/** Every page pattern of the route table's paths: cluster routes and the hub's children under the hub. */
function routePatterns(): string[] {
  const { hubChildren, ...clusterRoutes } = ROUTES;
  return [
    ...Object.values(clusterRoutes).filter((value) => typeof value === 'string'),
    ...Object.values(hubChildren).map((child) => `${ROUTES.hub}/${child}`),
  ];
}

describe('actionItemHref (where an action item button leads)', () => {
  const at = { hubIdentifier: 'demo', userIdentifier: 'sam-lee' };

  it('opens the viewer’s own profile with its query or anchor', () => {
    expect(actionItemHref('/profile', at)).toEqual({ href: '/profile/sam-lee/', isExternal: false });
    expect(actionItemHref('/profile?edit=files', at)).toEqual({
      href: '/profile/sam-lee/?edit=files',
      isExternal: false,
    });
    expect(actionItemHref('/profile#profile-career-journey', at)?.href).toBe(
      '/profile/sam-lee/#profile-career-journey',
    );
  });

  it('keeps cluster paths, puts the others under the hub and opens http(s) links outside', () => {
    expect(actionItemHref('/inbox', at)).toEqual({ href: '/inbox', isExternal: false });
    expect(actionItemHref('person', at)).toEqual({ href: '/hub/demo/person', isExternal: false });
    expect(actionItemHref('https://example.test/coc', at)).toEqual({
      href: 'https://example.test/coc',
      isExternal: true,
    });
    expect(actionItemHref(null, at)).toBeNull();
    expect(actionItemHref('  ', at)).toBeNull();
  });
});

describe('actionItemTarget (what an action item button does)', () => {
  const at = { hubIdentifier: 'demo', userIdentifier: 'sam-lee' };

  it('follows the link of link actions, opens the groups for a group action and a dialog for offer_expertise', () => {
    expect(
      actionItemTarget(
        { type: 'sync_calendar', clickAction: 'link', link: '/preferences/manage-calendar' },
        at,
      ),
    ).toEqual({
      kind: 'link',
      href: '/preferences/manage-calendar',
      isExternal: false,
    });
    expect(
      actionItemTarget({ type: 'share_your_experience', clickAction: 'link', link: '/discussion' }, at)?.kind,
    ).toBe('link');
    expect(actionItemTarget({ type: 'group_register', clickAction: 'group', link: null }, at)).toEqual({
      kind: 'link',
      href: '/groups',
      isExternal: false,
    });
    expect(actionItemTarget({ type: 'offer_expertise', clickAction: 'modal', link: null }, at)).toEqual({
      kind: 'dialog',
      dialog: 'help-topics',
    });
    expect(actionItemTarget({ type: 'get_notified', clickAction: 'modal', link: null }, at)).toEqual({
      kind: 'dialog',
      dialog: 'notifications',
    });
  });

  it('opens the viewer’s pathways for a pathway action', () => {
    for (const type of ['start_pathway', 'complete_pathway'] as const) {
      expect(actionItemTarget({ type, clickAction: 'pathway', link: null }, at)).toEqual({
        kind: 'link',
        href: '/hub/demo/pathways',
        isExternal: false,
      });
    }
  });

  it('gives no button where the web app has nothing to open', () => {
    expect(actionItemTarget({ type: 'student_opt_in', clickAction: 'modal', link: null }, at)).toBeNull();
    expect(
      actionItemTarget({ type: 'custom_manual_action', clickAction: 'link', link: null }, at),
    ).toBeNull();
  });
});

describe('the links of the action items', () => {
  it('open a page of the app, none the not-found page', () => {
    const patterns = routePatterns();
    const at = { hubIdentifier: 'northfield', userIdentifier: 'sam-lee' };
    for (const item of Object.values(ACTION_ITEMS)) {
      const target = actionItemHref(item.link, at);
      if (target === null || target.isExternal) continue;
      const pathname = new URL(target.href, 'https://commons.test').pathname;
      expect(
        patterns.some((pattern) => matchPath(pattern, pathname) !== null),
        `${item.type} links to ${pathname}`,
      ).toBe(true);
    }
  });
});
