import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpByEmail } from '../test/factories.js';
import { describeDb, getTestApp, TEST_DB, type TTestApp } from '../test/test-app.js';
import { loadConfig } from './config.js';
import { acquireDataDirLock, openPgliteDatabase } from './db/client.js';
import { DEMO_PASSWORD, demoAccounts, seedDemoData } from './db/demo-data/demo-data.js';

describeDb('app', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await getTestApp();
  });
  afterAll(async () => t.close());

  it('GET /api/health answers ok while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sets the security headers of the baseline', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes an OpenAPI 3 document generated from the contract schemas, and the reference page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/sign-in', '/api/auth/sign-up', '/api/hub', '/api/health']),
    );
    expect(
      doc.paths['/api/auth/sign-up'].post.requestBody.content['application/json'].schema.properties
        .hubIdentifier,
    ).toBeTruthy();
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('answers unknown API routes with 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('seeds demo data whose accounts sign in with the demo password', async () => {
    const { clusterId } = await seedDemoData(t.database.db);
    expect(clusterId).toBeTruthy();
    expect(demoAccounts()).toHaveLength(16);
    const signIn = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { host: 'localhost' },
        payload: { loginMethod: 'email', email, password: DEMO_PASSWORD },
      });
    const pending = await signIn('pending@northfield.example.edu');
    expect(pending.statusCode).toBe(200);
    expect(pending.json().user.hubs[0].approved).toBeNull();
    const light = await signIn('light@riverside.example.edu');
    expect(light.json().user.hubs[0].signupStage).toBe('LIGHT_SIGNUP_STAGE');
    expect(light.json().user.hubs[0].hub.region).toBe('eu');
    const superAdmin = await signIn('superadmin@example.edu');
    expect(superAdmin.json().user.isAdmin).toBe(true);
    expect(
      superAdmin
        .json()
        .user.hubs.map((h: { hub: { identifier: string } }) => h.hub.identifier)
        .sort(),
    ).toEqual(['northfield', 'riverside']);
    const hubAdmin = await signIn('hubadmin@northfield.example.edu');
    expect(hubAdmin.json().user.hubs[0].accessRights).toContain('approve-users');

    const student = (await signIn('student@northfield.example.edu')).json().token as string;
    const directory = await t.app.inject({
      method: 'GET',
      url: '/api/directory?limit=100',
      headers: { host: 'localhost', authorization: `Bearer ${student}`, 'x-hub-id': 'northfield' },
    });
    // 40 further members, the role users but the pending one, and both admins.
    expect(directory.json().items.length).toBeGreaterThanOrEqual(47);
    expect(directory.json().facets.userType).toHaveLength(6);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profiles/me',
      headers: { host: 'localhost', authorization: `Bearer ${student}` },
    });
    expect(profile.json().profile.sections.schools[0].schoolName).toBe('Northfield University');
    expect(profile.json().profile.sections.health.score).toBeGreaterThan(30);

    // A new student of riverside (auto-approval, matching experience on) goes to the first-time-user flow.
    const signUp = await signUpByEmail(t.app, {
      host: 'localhost',
      clusterId,
      body: {
        hubIdentifier: 'riverside',
        firstName: 'Rita',
        lastName: 'River',
        email: 'rita@example.test',
        password: 'Password-1',
      },
    });
    expect(signUp.json().user.hubs[0].userType.title).toBe('Student');
    const complete = await t.app.inject({
      method: 'POST',
      url: '/api/signup/complete',
      headers: { host: 'localhost', authorization: `Bearer ${signUp.json().token}`, 'x-hub-id': 'riverside' },
      payload: {},
    });
    expect(complete.json().redirectTo).toBe('/hub/riverside/signup/new/collect-preferences');
  });

  it('answers 503 from /api/health and other routes once the database is gone', async () => {
    const own = await getTestApp();
    await own.database.close();
    const health = await own.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'error', database: 'unavailable' });
    const route = await own.app.inject({
      method: 'GET',
      url: '/api/hubs/x/public',
      headers: { host: 'localhost' },
    });
    expect(route.statusCode).toBe(503);
    expect(route.json().error.code).toBe('database_unavailable');
    await own.app.close();
    await own.database.dropDatabase();
  });
});

it('never seeds demo data in production and requires JWT_SECRET there', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required in production/);
  const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
  expect(config.shouldSeedDemoData).toBe(false);
  expect(
    loadConfig({ NODE_ENV: 'development', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')) })
      .shouldSeedDemoData,
  ).toBe(true);
  expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
});

it.skipIf(TEST_DB !== 'pglite')(
  'refuses a second process on the same PGlite data directory with a clear message',
  async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    const first = await openPgliteDatabase({ dataDir });
    try {
      // Simulate another live process holding the lock: our own pid is alive.
      expect(() => acquireDataDirLock(dataDir)).toThrow(/already in use by another Commons process/);
    } finally {
      await first.close();
    }
    const release = acquireDataDirLock(dataDir);
    release();
  },
);

describeDb('web app serving', () => {
  it('serves files added after start, falls back to index.html for pages and 404s missing assets', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { openTestDatabase } = await import('../test/test-app.js');
    const { buildApp } = await import('./app.js');
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Commons</title>');
    mkdirSync(path.join(dist, 'assets'));
    const database = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: dist,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'd-')),
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const root = await app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('<title>Commons</title>');
      const page = await app.inject({ method: 'GET', url: '/hub/northfield/home' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      writeFileSync(path.join(dist, 'assets', 'late.js'), 'console.log(1)');
      const late = await app.inject({ method: 'GET', url: '/assets/late.js' });
      expect(late.statusCode).toBe(200);
      expect(late.headers['content-type']).toContain('javascript');
      const api = await app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().error.code).toBe('not_found');
    } finally {
      await app.close();
      await database.close();
      await database.dropDatabase();
    }
  });
});
