import { MODULE_IDS, type TModuleId } from '@commons/contract';
import type { THubAccessRight } from '@commons/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleHiddenMessage } from '../src/lib/module-gate.js';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  TEST_HUB_MODULES,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from './factories.js';
import { describeDb, getTestApp, type TTestApp } from './test-app.js';

type TMethod = 'GET' | 'PUT' | 'POST';

/**
 * A module a hub turns off answers its member API with 403 `<module>_hidden` (issue #22 item 1, lib/module-gate),
 * while the admins who manage it keep using it; turned back on, members get its data again.
 */
describeDb('navigation modules turned off refuse their member API (issue #22 item 1)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let modulesAdmin: TTestUser;
  let student: TTestUser;
  let groupIdentifier = '';
  let programIdentifier = '';
  const tokens = new Map<string, string>();

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (user: TTestUser, method: TMethod, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${await tokenOf(user)}`,
        'x-hub-id': hub.identifier,
      },
      ...(payload ? { payload } : {}),
    });
  /** Saves the hub's modules through Site administration: the test hub's, without `off`. */
  const setModules = async (off: TModuleId | null) => {
    const on = new Set<string>(TEST_HUB_MODULES);
    const saved = await call(modulesAdmin, 'PUT', '/api/admin/modules', {
      modules: MODULE_IDS.map((id) => ({ id, isOn: on.has(id) && id !== off })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    modulesAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['branding-settings'],
    });
    student = await createUser(t.database.db, cluster, { hub, userType: 'student' });
    const groupsAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['groups', 'programs'],
    });
    const create = async (body: object) => {
      const response = await call(groupsAdmin, 'POST', '/api/groups', body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ group: { identifier: string } }>().group.identifier;
    };
    groupIdentifier = await create({ groupType: 'group', name: 'Chess Club' });
    programIdentifier = await create({ groupType: 'mentorshipProgram', name: 'Career Mentoring' });
  });
  afterAll(async () => t.close());

  /** Per module: member calls of its API, and a right that manages it. */
  const CASES: Array<{ moduleId: TModuleId; urls: () => string[]; right: THubAccessRight }> = [
    { moduleId: 'discussions', urls: () => ['/api/discussions/questions'], right: 'approve-questions' },
    { moduleId: 'events', urls: () => ['/api/events'], right: 'manage-events' },
    { moduleId: 'resources', urls: () => ['/api/resources'], right: 'resources' },
    { moduleId: 'jobs', urls: () => ['/api/jobs'], right: 'approve-job-posts' },
    { moduleId: 'network', urls: () => ['/api/directory'], right: 'explore-users' },
    { moduleId: 'groups', urls: () => ['/api/groups', `/api/groups/${groupIdentifier}`], right: 'groups' },
    {
      moduleId: 'programs',
      urls: () => ['/api/groups?type=mentorshipProgram', `/api/groups/${programIdentifier}`],
      right: 'programs',
    },
  ];

  describe.each(CASES)('$moduleId', ({ moduleId, urls, right }) => {
    it('refuses members while off, keeps answering its managers, and answers members again once on', async () => {
      const manager = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: [right] });
      for (const url of urls()) {
        expect((await call(student, 'GET', url)).statusCode, url).toBe(200);
      }
      await setModules(moduleId);
      try {
        for (const url of urls()) {
          const refused = await call(student, 'GET', url);
          expect(refused.statusCode, `${url}: ${refused.body}`).toBe(403);
          expect(refused.json()).toEqual({
            error: {
              code: `${moduleId}_hidden`,
              message: moduleHiddenMessage(moduleId),
              user_message: moduleHiddenMessage(moduleId),
            },
          });
          // The admins who manage the module prepare it while members cannot see it.
          const managed = await call(manager, 'GET', url);
          expect(managed.statusCode, `${url} as a manager: ${managed.body}`).toBe(200);
        }
        // Another module stays on.
        const other = moduleId === 'events' ? '/api/resources' : '/api/events';
        expect((await call(student, 'GET', other)).statusCode).toBe(200);
      } finally {
        await setModules(null);
      }
      for (const url of urls()) {
        expect((await call(student, 'GET', url)).statusCode, url).toBe(200);
      }
    });
  });

  it('leaves endpoints other pages share on: mentions in any composer still answer with the network off', async () => {
    await setModules('network');
    try {
      expect((await call(student, 'GET', '/api/users/mentions?q=te')).statusCode).toBe(200);
    } finally {
      await setModules(null);
    }
  });
});
