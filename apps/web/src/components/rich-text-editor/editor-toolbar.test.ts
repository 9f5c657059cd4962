import { describe, expect, it } from 'vitest';
import { linkError } from './editor-toolbar';

describe('editor link check (spec 5 URL, Email)', () => {
  it('accepts http(s) addresses and valid mailto links', () => {
    expect(linkError('https://example.org/page')).toBeNull();
    expect(linkError('mailto:ann@example.org')).toBeNull();
    expect(linkError('')).toBeNull();
  });

  it('refuses other schemes, private-range hosts and bad mailto links', () => {
    expect(linkError('javascript:alert(1)')).not.toBeNull();
    expect(linkError('http://192.168.1.1/')).not.toBeNull();
    expect(linkError('mailto:not-an-address')).not.toBeNull();
  });
});
