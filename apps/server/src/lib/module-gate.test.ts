import * as contract from '@commons/contract';
import type { TEndpoint } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { isModuleUsable, moduleHiddenError, moduleOfEndpoint } from './module-gate.js';

/** Every endpoint of the contract, once. */
function contractEndpoints(): TEndpoint[] {
  const seen = new Map<string, TEndpoint>();
  for (const value of Object.values(contract)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    for (const entry of Object.values(value as Record<string, unknown>)) {
      const endpoint = entry as Partial<TEndpoint> | null;
      if (endpoint && typeof endpoint.path === 'string' && typeof endpoint.operationId === 'string')
        seen.set(endpoint.operationId, endpoint as TEndpoint);
    }
  }
  return [...seen.values()];
}

const byOperation = (operationId: string) => {
  const endpoint = contractEndpoints().find((e) => e.operationId === operationId);
  if (!endpoint) throw new Error(`no endpoint ${operationId}`);
  return endpoint;
};

describe('the module of an endpoint (lib/module-gate)', () => {
  it('gates the member API of discussions, events, resources, the job board and the directory by its tag', () => {
    expect(moduleOfEndpoint(byOperation('listQuestions'), { query: {} })).toBe('discussions');
    expect(moduleOfEndpoint(byOperation('listEvents'), { query: {} })).toBe('events');
    expect(moduleOfEndpoint(byOperation('searchDirectory'), { query: {} })).toBe('network');
    for (const endpoint of contractEndpoints()) {
      if (endpoint.hub === 'none')
        expect(moduleOfEndpoint(endpoint, { query: {} }), endpoint.path).toBeNull();
      if (endpoint.tag === 'admin')
        expect(moduleOfEndpoint(endpoint, { query: {} }), endpoint.path).toBeNull();
      if (['resources', 'jobs', 'events'].includes(endpoint.tag) && endpoint.hub !== 'none')
        expect(moduleOfEndpoint(endpoint, { query: {} }), endpoint.path).not.toBeNull();
    }
  });

  it('leaves the endpoints other pages share, and gates the group list by the type it lists', () => {
    expect(moduleOfEndpoint(byOperation('searchMentions'), { query: {} })).toBeNull();
    expect(moduleOfEndpoint(byOperation('listSimilarPeople'), { query: {} })).toBeNull();
    const list = byOperation('listGroups');
    expect(moduleOfEndpoint(list, { query: { type: 'group' } })).toBe('groups');
    expect(moduleOfEndpoint(list, { query: {} })).toBe('groups');
    expect(moduleOfEndpoint(list, { query: { type: 'mentorshipProgram' } })).toBe('programs');
    expect(moduleOfEndpoint(list, { query: { type: 'organization' } })).toBeNull();
  });
});

describe('who uses a module the hub has off', () => {
  const viewer = (rights: string[], isClusterAdmin = false) => ({
    hasRight: (right: string) => rights.includes(right),
    isClusterAdmin: () => isClusterAdmin,
  });

  it('members only while it is on; its managers and cluster admins always', () => {
    const off = { enabledModules: ['home' as const], moduleId: 'events' as const };
    expect(isModuleUsable({ ...off, viewer: viewer([]) })).toBe(false);
    expect(isModuleUsable({ ...off, viewer: viewer(['resources']) })).toBe(false);
    expect(isModuleUsable({ ...off, viewer: viewer(['manage-events']) })).toBe(true);
    expect(isModuleUsable({ ...off, viewer: viewer(['approve-events']) })).toBe(true);
    expect(isModuleUsable({ ...off, viewer: viewer([], true) })).toBe(true);
    expect(
      isModuleUsable({ enabledModules: ['home', 'events'], moduleId: 'events', viewer: viewer([]) }),
    ).toBe(true);
  });

  it('refuses in the error shape with the module’s code and message', () => {
    const error = moduleHiddenError('jobs');
    expect([error.statusCode, error.code, error.message, error.userMessage]).toEqual([
      403,
      'jobs_hidden',
      'The job board is not available in this hub.',
      'The job board is not available in this hub.',
    ]);
  });
});
