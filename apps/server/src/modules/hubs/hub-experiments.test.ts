import { ZHubSettings } from '@commons/contract';
import { EXPERIMENT_NAMES } from '@commons/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, hubSettings } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';

type TExperiment = {
  name: string;
  variant: string;
  defaultVariant: string;
  variants: Array<{ value: string }>;
};

describeDb('experiment variants per hub in Site administration (spec 6)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let brandingAdmin: TTestUser;
  let otherAdmin: TTestUser;
  let student: TTestUser;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    brandingAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['branding-settings'],
    });
    otherAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['signup-settings'],
    });
    student = await createUser(t.database.db, cluster, { hub, userType: 'student' });
    // The hub home's hero with further cards, which the multi-card variant shows.
    await asCluster(async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      const settings = row?.settings as { moduleSettings: Record<string, unknown> };
      await tx
        .update(hubSettings)
        .set({
          settings: ZHubSettings.parse({
            ...settings,
            moduleSettings: {
              ...settings.moduleSettings,
              homeHeroBanner: {
                title: 'Welcome back',
                linkUrl: '/events',
                cards: [{ title: 'Find a mentor', linkUrl: '/groups', linkLabel: 'Search' }],
              },
            },
          }),
        })
        .where(eq(hubSettings.hubId, hub.id));
    });
  });
  afterAll(async () => t.close());

  function asCluster<T>(work: Parameters<typeof withTenant<T>>[2]): Promise<T> {
    return withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  }
  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (user: TTestUser, method: 'GET' | 'PATCH', url: string, payload?: object) =>
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
  const variantOf = (experiments: TExperiment[], name: string) =>
    experiments.find((e) => e.name === name)?.variant;
  const heroKind = async () => {
    const home = await call(student, 'GET', '/api/home');
    expect(home.statusCode, home.body).toBe(200);
    const sections = home.json<{ sections: Array<{ key: string; kind: string }> }>().sections;
    return sections.find((s) => s.key === 'heroBanner')?.kind;
  };

  it('lists every experiment of the spec with its variants, each hub starting on the first', async () => {
    const response = await call(brandingAdmin, 'GET', '/api/admin/experiments');
    expect(response.statusCode, response.body).toBe(200);
    const experiments = response.json<{ experiments: TExperiment[] }>().experiments;
    expect(experiments.map((e) => e.name)).toEqual(EXPERIMENT_NAMES);
    for (const experiment of experiments) expect(experiment.variant).toBe(experiment.defaultVariant);
    expect(experiments.find((e) => e.name === 'homepage-hero-section')?.variants.map((v) => v.value)).toEqual(
      ['single-card', 'multi-card'],
    );
  });

  it('saves a variant to the hub’s module settings, audits it, and the home’s hero follows it', async () => {
    expect(await heroKind()).toBe('banner');
    const saved = await call(brandingAdmin, 'PATCH', '/api/admin/experiments', {
      variants: { 'homepage-hero-section': 'multi-card', 'ftu-banner': 'treatment' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const experiments = saved.json<{ experiments: TExperiment[] }>().experiments;
    expect(variantOf(experiments, 'homepage-hero-section')).toBe('multi-card');
    expect(variantOf(experiments, 'ftu-banner')).toBe('treatment');
    expect(variantOf(experiments, 'ftu-survey')).toBe('control');

    const stored = await asCluster(async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      return (row?.settings as { moduleSettings: Record<string, unknown> }).moduleSettings;
    });
    expect(stored['experiments']).toEqual({
      'homepage-hero-section': 'multi-card',
      'ftu-banner': 'treatment',
    });
    // The other module settings are kept.
    expect(stored['homeHeroBanner']).toMatchObject({ title: 'Welcome back' });

    const entry = await asCluster(async (tx) => {
      const [row] = await tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'hub.experiments_updated'), eq(auditLog.targetId, String(hub.id))))
        .orderBy(desc(auditLog.createdAt))
        .limit(1);
      return row;
    });
    expect(entry?.actorUserId).toBe(brandingAdmin.id);
    expect(entry?.data).toEqual({
      changes: {
        'homepage-hero-section': { from: 'single-card', to: 'multi-card' },
        'ftu-banner': { from: 'control', to: 'treatment' },
      },
    });

    expect(await heroKind()).toBe('cards');
    const back = await call(brandingAdmin, 'PATCH', '/api/admin/experiments', {
      variants: { 'homepage-hero-section': 'single-card' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(variantOf(back.json<{ experiments: TExperiment[] }>().experiments, 'ftu-banner')).toBe(
      'treatment',
    );
    expect(await heroKind()).toBe('banner');
  });

  it('refuses a variant the experiment does not have and an unknown experiment, writing nothing', async () => {
    const before = await call(brandingAdmin, 'GET', '/api/admin/experiments');
    const wrong = await call(brandingAdmin, 'PATCH', '/api/admin/experiments', {
      variants: { 'homepage-hero-section': 'treatment' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('validation_failed');
    const unknown = await call(brandingAdmin, 'PATCH', '/api/admin/experiments', {
      variants: { 'new-inbox': 'treatment' },
    });
    expect(unknown.statusCode).toBe(400);
    expect((await call(brandingAdmin, 'GET', '/api/admin/experiments')).json()).toEqual(before.json());
  });

  it('answers 403 without branding-settings, to members and to admins with other rights', async () => {
    for (const user of [student, otherAdmin]) {
      expect((await call(user, 'GET', '/api/admin/experiments')).statusCode).toBe(403);
      const refused = await call(user, 'PATCH', '/api/admin/experiments', {
        variants: { 'homepage-hero-section': 'multi-card' },
      });
      expect(refused.statusCode).toBe(403);
    }
  });
});
