import { describe, expect, it } from 'vitest';
import { actionItemHref } from './action-item-link';

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
