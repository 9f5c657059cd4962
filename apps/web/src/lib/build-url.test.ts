import { describe, expect, it } from 'vitest';
import { buildUrl } from './build-url';

describe('buildUrl (spec 7 query parameters)', () => {
  it('sends arrays as key[] once per item', () => {
    expect(buildUrl('/api/users', { ids: ['1', '2'] })).toBe('/api/users?ids%5B%5D=1&ids%5B%5D=2');
  });

  it('sends objects as JSON', () => {
    expect(buildUrl('/api/x', { filter: { a: 1 } })).toBe(`/api/x?filter=${encodeURIComponent('{"a":1}')}`);
  });

  it('skips null and undefined and keeps scalars', () => {
    expect(buildUrl('/api/x', { a: undefined, b: null, c: 3, d: false })).toBe('/api/x?c=3&d=false');
  });

  it('leaves the path alone without parameters', () => {
    expect(buildUrl('/api/x')).toBe('/api/x');
    expect(buildUrl('/api/x', {})).toBe('/api/x');
  });

  it('appends to a path that already has a query', () => {
    expect(buildUrl('/api/x?y=1', { z: 2 })).toBe('/api/x?y=1&z=2');
  });
});
