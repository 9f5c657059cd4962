import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string.js';

describe('parseQueryString', () => {
  it.each([
    ['userType[]=1&userType[]=2&q=ada', { userType: ['1', '2'], q: 'ada' }],
    ['userType[]=1', { userType: ['1'] }],
    ['industry%5B%5D=tech', { industry: ['tech'] }],
    ['a=1&a=2', { a: ['1', '2'] }],
    ['', {}],
  ])('parses %s', (raw, expected) => {
    expect(parseQueryString(raw)).toEqual(expected);
  });
});
