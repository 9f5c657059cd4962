import { describe, expect, it } from 'vitest';
import { parseIceServers } from '../../config.js';

describe('ICE_SERVERS configuration (video room, issue #5 item 2)', () => {
  it('is empty when unset, so calls use direct connections only', () => {
    expect(parseIceServers(undefined)).toEqual([]);
    expect(parseIceServers('  ')).toEqual([]);
  });

  it('reads comma-separated stun and turn URLs', () => {
    expect(parseIceServers('stun:stun.example.org:3478, turn:turn.example.org:3478')).toEqual([
      { urls: 'stun:stun.example.org:3478' },
      { urls: 'turn:turn.example.org:3478' },
    ]);
  });

  it('reads a JSON array of RTCIceServer objects with credentials', () => {
    const value = JSON.stringify([
      {
        urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'],
        username: 'u',
        credential: 'p',
      },
    ]);
    expect(parseIceServers(value)).toEqual([
      {
        urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'],
        username: 'u',
        credential: 'p',
      },
    ]);
  });

  it('refuses anything that is not a stun or turn server with a configuration error', () => {
    expect(() => parseIceServers('https://example.org')).toThrow(/ICE_SERVERS/);
    expect(() => parseIceServers('[{"urls":')).toThrow(/ICE_SERVERS: not valid JSON/);
  });
});
