import { describe, expect, it } from 'vitest';
import { createHubReadCache } from './hub-read-cache.js';

const northfield = { clusterId: 'c1', hubId: 1 };
const riverside = { clusterId: 'c1', hubId: 2 };
const otherCluster = { clusterId: 'c2', hubId: 1 };

describe('hub read cache', () => {
  it('keeps a read per hub and key, and never answers one hub or cluster with another’s', async () => {
    const cache = createHubReadCache();
    let loads = 0;
    const load = (value: string) => () => {
      loads += 1;
      return Promise.resolve(value);
    };
    expect(await cache.read(northfield, 'events', load('north events'))).toBe('north events');
    expect(await cache.read(northfield, 'events', load('again'))).toBe('north events');
    expect(await cache.read(northfield, 'questions', load('north questions'))).toBe('north questions');
    expect(await cache.read(riverside, 'events', load('river events'))).toBe('river events');
    expect(await cache.read(otherCluster, 'events', load('other cluster events'))).toBe(
      'other cluster events',
    );
    expect(loads).toBe(4);
  });

  it('forgets every key of a written hub at once, and only that hub', async () => {
    const cache = createHubReadCache();
    await cache.read(northfield, 'events', () => Promise.resolve('old'));
    await cache.read(riverside, 'events', () => Promise.resolve('river'));
    cache.forgetHub(northfield);
    expect(await cache.read(northfield, 'events', () => Promise.resolve('new'))).toBe('new');
    expect(await cache.read(riverside, 'events', () => Promise.resolve('reloaded'))).toBe('river');
  });

  it('does not keep a read that a write in the hub overtook', async () => {
    const cache = createHubReadCache();
    let finish: (value: string) => void = () => undefined;
    const slow = cache.read(northfield, 'events', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.forgetHub(northfield); // the write commits while the read is under way
    finish('before the write');
    expect(await slow).toBe('before the write');
    expect(await cache.read(northfield, 'events', () => Promise.resolve('after'))).toBe('after');
  });

  it('reads again once the time to live has passed', async () => {
    const cache = createHubReadCache({ ttlMs: 5 });
    await cache.read(northfield, 'events', () => Promise.resolve('first'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await cache.read(northfield, 'events', () => Promise.resolve('second'))).toBe('second');
  });

  it('shares one load between reads that miss at the same moment', async () => {
    const cache = createHubReadCache();
    let loads = 0;
    let finish: (value: string) => void = () => undefined;
    const load = () => {
      loads += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = cache.read(northfield, 'events', load);
    const second = cache.read(northfield, 'events', load);
    finish('shared');
    expect(await Promise.all([first, second])).toEqual(['shared', 'shared']);
    expect(loads).toBe(1);
  });

  it('lets a read join another’s load, and load alone when that one fails', async () => {
    const cache = createHubReadCache();
    let fail: (error: Error) => void = () => undefined;
    const failing = cache.read(
      northfield,
      'events',
      () => new Promise<string>((_, reject) => (fail = reject)),
    );
    const joined = cache.read(northfield, 'events', () => Promise.resolve('own load'));
    fail(new Error('transaction ended'));
    await expect(failing).rejects.toThrow('transaction ended');
    expect(await joined).toBe('own load');
  });

  it('answers the expired read to others while one request loads it again, within the stale window', async () => {
    const cache = createHubReadCache({ ttlMs: 5, staleMs: 10_000 });
    await cache.read(northfield, 'events', () => Promise.resolve('old'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    let finish: (value: string) => void = () => undefined;
    const reloading = cache.read(
      northfield,
      'events',
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    expect(await cache.read(northfield, 'events', () => Promise.resolve('not asked'))).toBe('old');
    finish('new');
    expect(await reloading).toBe('new');
    expect(await cache.read(northfield, 'events', () => Promise.resolve('not asked'))).toBe('new');
  });

  it('never answers a read past the stale window, nor one a write in the hub made stale', async () => {
    const cache = createHubReadCache({ ttlMs: 5, staleMs: 5 });
    await cache.read(northfield, 'events', () => Promise.resolve('old'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    let finish: (value: string) => void = () => undefined;
    const reloading = cache.read(
      northfield,
      'events',
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    const waiting = cache.read(northfield, 'events', () => Promise.resolve('not asked'));
    finish('fresh');
    expect(await Promise.all([reloading, waiting])).toEqual(['fresh', 'fresh']);

    const written = createHubReadCache({ ttlMs: 5, staleMs: 10_000 });
    await written.read(northfield, 'events', () => Promise.resolve('before the write'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const slow = written.read(northfield, 'events', () => new Promise<string>(() => undefined));
    void slow;
    written.forgetHub(northfield);
    expect(await written.read(northfield, 'events', () => Promise.resolve('after the write'))).toBe(
      'after the write',
    );
  });
});
