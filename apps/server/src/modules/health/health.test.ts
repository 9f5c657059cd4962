import { HEALTH_PATH, HEALTH_PATHS } from '@commons/contract';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeDb, getTestApp, TEST_DB, type TTestApp } from '../../../test/test-app.js';

describeDb('health probes (issue #14)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await getTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers liveness without looking at anything else', async () => {
    const response = await t.app.inject({ method: 'GET', url: HEALTH_PATHS.live });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database answers and has every migration this version ships', async () => {
    const response = await t.app.inject({ method: 'GET', url: HEALTH_PATHS.ready });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'applied',
      isShuttingDown: false,
    });
  });

  it.skipIf(TEST_DB !== 'postgres')(
    'is not ready (503) while the newest migration is missing from the database',
    async () => {
      // The owner removes the record of the newest migration, as if this version ran on an older database.
      const url = new URL(inject('postgresTemplate')?.adminUrl ?? '');
      url.pathname = new URL(t.database.appUrl ?? '').pathname;
      const owner = new pg.Client({ connectionString: url.toString() });
      await owner.connect();
      try {
        await owner.query('BEGIN');
        await owner.query(
          'DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)',
        );
        await owner.query('COMMIT');
        const response = await t.app.inject({ method: 'GET', url: HEALTH_PATHS.ready });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          status: 'not_ready',
          database: 'ok',
          migrations: 'pending',
          isShuttingDown: false,
        });
        // Liveness does not care: restarting the process would not apply the migration.
        expect((await t.app.inject({ method: 'GET', url: HEALTH_PATHS.live })).statusCode).toBe(200);
      } finally {
        await owner.end();
      }
    },
  );
});

describeDb('health probes without a database', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await getTestApp();
    await t.database.close();
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.dropDatabase();
  });

  it('stays alive but is not ready, and the database check answers 503', async () => {
    expect((await t.app.inject({ method: 'GET', url: HEALTH_PATHS.live })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: HEALTH_PATHS.ready });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'not_ready',
      database: 'unavailable',
      migrations: 'unknown',
      isShuttingDown: false,
    });
    const health = await t.app.inject({ method: 'GET', url: HEALTH_PATH });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'error', database: 'unavailable' });
  });
});
