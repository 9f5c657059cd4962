import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** A schema as the web build writes a contract's `export const ZX = z.object(…)`, counting its builds. */
function counted<T extends object>(build: () => T): { schema: T; builds: () => number } {
  let builds = 0;
  const schema = lazySchema(() => {
    builds += 1;
    return build();
  });
  return { schema, builds: () => builds };
}

describe('lazySchema (the web build wraps the contract schemas in it)', () => {
  it('builds nothing until the schema is used, then once', () => {
    const { schema, builds } = counted(() => z.object({ name: z.string().min(1) }));
    expect(builds()).toBe(0);
    expect(schema.safeParse({ name: 'Ada' }).success).toBe(true);
    expect(schema.safeParse({ name: '' }).success).toBe(false);
    expect(schema.shape.name).toBeDefined();
    expect(builds()).toBe(1);
  });

  it('is a schema to Zod: nested, extended, optional, in unions and instanceof', () => {
    const ZId = lazySchema(() => z.uuid());
    const ZThread = lazySchema(() => z.object({ id: ZId, title: z.string() }));
    // A schema built from lazy ones, as a contract module declares them, before any of them is built.
    const ZThreadPage = lazySchema(() => z.object({ items: z.array(ZThread), next: ZId.nullable() }));
    const ZWithCount = lazySchema(() => ZThread.extend({ unread: z.number().int() }));
    const ZEvent = lazySchema(() =>
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('thread'), thread: ZThread }),
        z.object({ type: z.literal('read'), id: ZId }),
      ]),
    );
    const id = '0b9d6f5c-1d2e-4f3a-8b7c-6d5e4f3a2b1c';

    expect(ZThreadPage.parse({ items: [{ id, title: 'Hi' }], next: null })).toEqual({
      items: [{ id, title: 'Hi' }],
      next: null,
    });
    expect(ZThreadPage.safeParse({ items: [{ id: 'nope', title: 'Hi' }], next: null }).success).toBe(false);
    expect(ZWithCount.parse({ id, title: 'Hi', unread: 2 })).toEqual({ id, title: 'Hi', unread: 2 });
    expect(ZWithCount.safeParse({ id, title: 'Hi', unread: 1.5 }).success).toBe(false);
    expect(ZThread.optional().parse(undefined)).toBeUndefined();
    expect(ZEvent.parse({ type: 'read', id })).toEqual({ type: 'read', id });
    expect(ZEvent.safeParse({ type: 'thread', id }).success).toBe(false);
    expect(ZThread instanceof z.ZodObject).toBe(true);
    expect(Object.keys(ZThread.shape)).toEqual(['id', 'title']);
  });

  it('reports the real schema’s error messages and paths', () => {
    const ZForm = lazySchema(() => z.object({ email: z.email('Enter a valid email address.') }));
    const result = ZForm.safeParse({ email: 'nope' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['email'],
      message: 'Enter a valid email address.',
    });
  });
});
