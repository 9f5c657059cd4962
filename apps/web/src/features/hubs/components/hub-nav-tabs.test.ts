import type { TActiveModule, THub } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { isTabActive } from '../../../components/tab-link-nav';
import { hubNavItems } from './hub-nav-tabs';

const module = (id: string, link: string): TActiveModule => ({
  id,
  name: id,
  link,
  isShown: true,
  isExternal: false,
});

const hub = {
  identifier: 'northfield',
  activeModules: [module('home', '/home'), module('events', '/events')],
  userTypes: [],
} as unknown as THub;

describe('hub navigation tabs', () => {
  const home = (hubData: THub | undefined) => {
    const item = hubNavItems({ hubIdentifier: 'northfield', hub: hubData, membership: undefined }).find(
      (i) => i.key === 'home',
    );
    if (!item) throw new Error('no Home tab');
    return item;
  };

  it.each([
    ['with the hub', hub],
    ['before the hub loads', undefined],
  ])('marks Home current on both addresses of the hub home, and only there (%s)', (_, hubData) => {
    const item = home(hubData);
    expect(isTabActive(item, '/hub/northfield/')).toBe(true);
    expect(isTabActive(item, '/hub/northfield/home')).toBe(true);
    expect(isTabActive(item, '/hub/northfield/person')).toBe(false);
    expect(isTabActive(item, '/hub/riverside/home')).toBe(false);
  });
});
