import { describe, expect, it } from 'vitest';
import { decodeTokenPayload, tokenExpiresAt } from './token-payload';

function fakeToken(payload: object): string {
  const encode = (value: object) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  return `${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;
}

describe('token payload', () => {
  it('reads expiresAt in milliseconds', () => {
    expect(tokenExpiresAt(fakeToken({ expiresAt: 1_900_000_000_000 }))?.getTime()).toBe(1_900_000_000_000);
  });

  it('reads expiresAt in seconds', () => {
    expect(tokenExpiresAt(fakeToken({ expiresAt: 1_900_000_000 }))?.getTime()).toBe(1_900_000_000_000);
  });

  it('falls back to the exp claim', () => {
    expect(tokenExpiresAt(fakeToken({ exp: 1_900_000_000 }))?.getTime()).toBe(1_900_000_000_000);
  });

  it('answers null for something that is not a JWT', () => {
    expect(tokenExpiresAt('opaque')).toBeNull();
    expect(decodeTokenPayload('a.!!!.c')).toBeNull();
  });

  it('decodes non-ASCII payloads', () => {
    expect(decodeTokenPayload(fakeToken({ name: 'Åsa' }))?.name).toBe('Åsa');
  });
});
