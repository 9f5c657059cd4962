import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import type { TErasurePreview, TFailedJobPage } from '@commons/contract';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
} from '../../../test/factories.js';
import { describeDb, getTestApp, openTestDatabase, TEST_DB, type TTestApp } from '../../../test/test-app.js';
import { APP_DB_ROLE } from '../../config.js';
import { PGLITE_EXTENSIONS, queryRows, type TDb } from '../../db/client.js';
import { seedDemoData } from '../../db/demo-data/demo-data.js';
import * as schema from '../../db/schema/index.js';
import { clusters, userFiles } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { createLocalStorage } from '../../lib/storage.js';
import { storedObjectKeys } from '../files/uploads.js';
import { countClusterErasure, eraseDueClusters, type TErasureResult } from './tenant-erasure.commands.js';
import { deletionOrder, tenantCatalogue } from './tenant-erasure.catalogue.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-28T03:00:00.000Z');

/**
 * The app's database (app role, row-level security) and a second view as the database's superuser, which sees every
 * row whatever the policies say: "zero rows left" is counted there, not through the app's eyes.
 */
async function openWithOwnerView(): Promise<{
  db: TDb;
  ownerRows: <T>(text: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
}> {
  if (TEST_DB === 'pglite') {
    const client = await PGlite.create({
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]),
      extensions: PGLITE_EXTENSIONS,
    });
    await client.exec(`SET ROLE ${APP_DB_ROLE}`);
    return {
      db: drizzlePglite(client, { schema }) as unknown as TDb,
      ownerRows: async <T>(text: string, params: unknown[] = []) => {
        await client.exec('RESET ROLE');
        try {
          return (await client.query<T>(text, params)).rows;
        } finally {
          await client.exec(`SET ROLE ${APP_DB_ROLE}`);
        }
      },
      close: () => client.close(),
    };
  }
  const database = await openTestDatabase();
  const template = inject('postgresTemplate');
  const ownerUrl = new URL(template?.adminUrl ?? '');
  ownerUrl.pathname = new URL(database.appUrl ?? '').pathname;
  const owner = new pg.Client({ connectionString: ownerUrl.toString() });
  await owner.connect();
  return {
    db: database.db,
    ownerRows: async <T>(text: string, params: unknown[] = []) =>
      (await owner.query(text, params)).rows as T[],
    close: async () => {
      await owner.end();
      await database.close();
      await database.dropDatabase();
    },
  };
}

/** Rows of the cluster in every base table with a cluster_id column (and clusters), read from the catalogue. */
async function rowsPerTable(
  ownerRows: <T>(text: string, params?: unknown[]) => Promise<T[]>,
  clusterId: string,
): Promise<Record<string, number>> {
  const tables = await ownerRows<{ name: string }>(
    `SELECT c.table_name AS name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND c.column_name = 'cluster_id' AND t.table_type = 'BASE TABLE'
      ORDER BY 1`,
  );
  expect(tables.length).toBeGreaterThan(90);
  const text = [
    `SELECT 'clusters' AS name, count(*)::integer AS n FROM clusters WHERE id = $1`,
    ...tables.map((t) => `SELECT '${t.name}', count(*)::integer FROM "${t.name}" WHERE cluster_id = $1`),
  ].join(' UNION ALL ');
  const rows = await ownerRows<{ name: string; n: number }>(text, [clusterId]);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

async function requestDeletion(db: TDb, clusterId: string, at: Date) {
  await withTenant(db, { clusterId, isClusterScope: true }, (tx) =>
    tx.update(clusters).set({ deleteRequestedAt: at }),
  );
}

it('orders children before the tables they reference and refuses a cycle', () => {
  expect(
    deletionOrder(
      ['clusters', 'hubs', 'users', 'posts'],
      [
        { child: 'hubs', parent: 'clusters', onDelete: 'a' },
        { child: 'users', parent: 'clusters', onDelete: 'a' },
        { child: 'posts', parent: 'users', onDelete: 'a' },
        { child: 'posts', parent: 'hubs', onDelete: 'c' },
      ],
    ),
  ).toEqual(['posts', 'hubs', 'users', 'clusters']);
  // A question's accepted answer sets null: the question may go before its answers.
  expect(
    deletionOrder(
      ['questions', 'answers'],
      [
        { child: 'answers', parent: 'questions', onDelete: 'c' },
        { child: 'questions', parent: 'answers', onDelete: 'n' },
      ],
    ),
  ).toEqual(['answers', 'questions']);
  expect(() =>
    deletionOrder(
      ['a', 'b'],
      [
        { child: 'a', parent: 'b', onDelete: 'a' },
        { child: 'b', parent: 'a', onDelete: 'r' },
      ],
    ),
  ).toThrow(/cycle/);
});

describeDb('tenant erasure (issue #23 item 1)', () => {
  let view: Awaited<ReturnType<typeof openWithOwnerView>>;
  const storage = createLocalStorage(mkdtempSync(`${tmpdir()}/commons-erasure-`));

  beforeAll(async () => {
    view = await openWithOwnerView();
  });
  afterAll(async () => view.close());

  it('reads every table of the catalogue: each holds tenant rows, and every region column names its file key', async () => {
    const catalogue = await withTenant(
      view.db,
      { clusterId: crypto.randomUUID(), isClusterScope: true },
      (tx) => tenantCatalogue(tx),
    );
    const publicTables = await view.ownerRows<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    );
    // Every table is tenant data but the platform's own record of erasures.
    expect(catalogue.otherTables).toEqual(['tenant_erasures']);
    expect(catalogue.tables.map((t) => t.name).sort()).toEqual(
      publicTables.map((t) => t.name).filter((n) => n !== 'tenant_erasures'),
    );
    expect(catalogue.tables.at(-1)?.name).toBe('clusters');
    const regionColumns = await view.ownerRows<{ name: string }>(
      `SELECT table_name || '.' || column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND (column_name = 'region' OR column_name LIKE '%\\_region') ORDER BY 1`,
    );
    expect(catalogue.fileSources.map((f) => `${f.table}.${f.regionColumn}`).sort()).toEqual(
      regionColumns.map((r) => r.name),
    );
  });

  it('erases every row of a populated cluster in every table and its files, counted first by the dry run; another cluster keeps all of its rows', async () => {
    // Seeded as of NOW: the demo's other tenants keep their own (younger) delete requests, so only this one is due.
    const { clusterId } = await seedDemoData(view.db, { now: NOW });
    const other = await createCluster(view.db);
    const otherHub = await createHub(view.db, other);
    const otherUser = await createUser(view.db, other, { hub: otherHub });
    const [demoUser] = await withTenant(view.db, { clusterId, isClusterScope: true }, (tx) =>
      queryRows<{ id: string }>(tx, sql`SELECT id FROM users WHERE email = 'student@northfield.example.edu'`),
    );
    const [photoKey, docKey, otherKey] = [1, 2, 3].map(() => randomBytes(16).toString('hex')) as [
      string,
      string,
      string,
    ];
    // Stored files: a photo (several sizes) and a document of the demo cluster, a document of the other one.
    const addFile = async (cluster: string, userId: string, kind: 'photo' | 'document', key: string) => {
      await withTenant(view.db, { clusterId: cluster, isClusterScope: true }, (tx) =>
        tx.insert(userFiles).values({
          clusterId: cluster,
          userId,
          kind,
          region: 'us',
          storageKey: key,
          mimeType: 'image/png',
          sizeBytes: 3,
          originalName: 'f.png',
        }),
      );
      for (const stored of storedObjectKeys({ kind, storageKey: key }))
        await storage.put('us', stored, Buffer.from('abc'));
    };
    const demoUserId = demoUser?.id ?? '';
    await addFile(clusterId, demoUserId, 'photo', photoKey);
    await addFile(clusterId, demoUserId, 'document', docKey);
    await addFile(other.clusterId, otherUser.id, 'document', otherKey);
    await requestDeletion(view.db, clusterId, new Date(NOW.getTime() - 31 * DAY));
    await requestDeletion(view.db, other.clusterId, new Date(NOW.getTime() - 2 * DAY));

    const before = await rowsPerTable(view.ownerRows, clusterId);
    const otherBefore = await rowsPerTable(view.ownerRows, other.clusterId);
    // A populated cluster: rows in many tables.
    expect(Object.values(before).filter((n) => n > 0).length).toBeGreaterThan(40);

    const dryRun = await withTenant(view.db, { clusterId, isClusterScope: true }, (tx) =>
      countClusterErasure(tx, clusterId),
    );
    // The dry run sees exactly what the superuser sees, table by table.
    for (const { table, rows } of dryRun.tables)
      if (table in before) expect([table, rows]).toEqual([table, before[table]]);
    const photoSizes = storedObjectKeys({ kind: 'photo', storageKey: 'x' }).length;
    expect(dryRun.files.filter((f) => f.key.startsWith(photoKey) || f.key === docKey)).toHaveLength(
      photoSizes + 1,
    );

    const results: TErasureResult[] = [];
    expect(await eraseDueClusters(view.db, NOW, storage, (r) => results.push(r))).toBe(results.length);
    const result = results.find((r) => r.clusterId === clusterId);
    expect(result?.tables).toEqual(dryRun.tables);
    expect(result?.totalRows).toBe(dryRun.totalRows);
    expect(result?.files).toBe(dryRun.files.length);

    const after = await rowsPerTable(view.ownerRows, clusterId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await rowsPerTable(view.ownerRows, other.clusterId)).toEqual(otherBefore);
    for (const key of storedObjectKeys({ kind: 'photo', storageKey: photoKey }))
      expect(await storage.get('us', key)).toBeNull();
    expect(await storage.get('us', docKey)).toBeNull();
    expect(await storage.get('us', otherKey)).not.toBeNull();

    const record = await view.ownerRows<{ cluster_name: string; row_count: number; file_count: number }>(
      `SELECT cluster_name, row_count, file_count FROM tenant_erasures WHERE erased_cluster_id = $1`,
      [clusterId],
    );
    expect(record).toEqual([
      { cluster_name: 'Commons Demo', row_count: dryRun.totalRows, file_count: dryRun.files.length },
    ]);
    // A second run finds nothing due.
    expect(await eraseDueClusters(view.db, NOW, storage)).toBe(0);
  });

  it('waits out the 30-day grace period: a request 29 days old stays, one 31 days old is erased', async () => {
    const young = await createCluster(view.db);
    const old = await createCluster(view.db);
    const untouched = await createCluster(view.db);
    for (const c of [young, old, untouched])
      await createUser(view.db, c, { hub: await createHub(view.db, c) });
    await requestDeletion(view.db, young.clusterId, new Date(NOW.getTime() - 29 * DAY));
    await requestDeletion(view.db, old.clusterId, new Date(NOW.getTime() - 31 * DAY));
    expect(await eraseDueClusters(view.db, NOW, storage)).toBe(1);
    const count = async (c: TTestCluster) =>
      Object.values(await rowsPerTable(view.ownerRows, c.clusterId)).reduce((a, b) => a + b, 0);
    expect(await count(old)).toBe(0);
    expect(await count(young)).toBeGreaterThan(3);
    expect(await count(untouched)).toBeGreaterThan(3);
    // Two days later the young request is due too.
    expect(await eraseDueClusters(view.db, new Date(NOW.getTime() + 2 * DAY), storage)).toBe(1);
    expect(await count(young)).toBe(0);
    expect(await count(untouched)).toBeGreaterThan(3);
  });
});

describeDb('the platform API: erasure preview and failed jobs (issue #23 items 1 and 4)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  const tokens = { superAdmin: '', clusterAdmin: '', hubAdmin: '' };
  const call = (method: 'GET' | 'POST', url: string, token: string) =>
    t.app.inject({ method, url, headers: { host: cluster.host, authorization: `Bearer ${token}` } });

  const insertFailedJob = async (data: Record<string, unknown>, failedAt: Date) => {
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO pgboss.job (name, data, state, retry_count, retry_limit, output, started_on, completed_on)
          VALUES ('periodic', ${JSON.stringify(data)}::jsonb, 'failed', 4, 3, '{"message":"boom: connection refused"}'::jsonb,
                  ${failedAt.toISOString()}::timestamptz, ${failedAt.toISOString()}::timestamptz)
          RETURNING id`,
    );
    if (!row) throw new Error('job insert failed');
    return row.id;
  };

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    tokens.superAdmin = (
      await signIn(t.app, cluster, await createUser(t.database.db, cluster, { isSuperAdmin: true }))
    ).token;
    tokens.clusterAdmin = (
      await signIn(t.app, cluster, await createUser(t.database.db, cluster, { isClusterAdmin: true }))
    ).token;
    tokens.hubAdmin = (
      await signIn(
        t.app,
        cluster,
        await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['explore-users'] }),
      )
    ).token;
  });
  afterAll(async () => t.close());

  it('shows super admins the dry run with the erasure date; cluster and hub admins get 403', async () => {
    const target = await createCluster(t.database.db);
    const targetHub = await createHub(t.database.db, target);
    await createUser(t.database.db, target, { hub: targetHub });
    const url = `/api/platform/clusters/${target.clusterId}/erasure-preview`;
    for (const token of [tokens.clusterAdmin, tokens.hubAdmin])
      expect((await call('GET', url, token)).statusCode).toBe(403);
    let response = await call('GET', url, tokens.superAdmin);
    expect(response.statusCode, response.body).toBe(200);
    let preview = response.json<TErasurePreview>();
    expect(preview.erasureDueAt).toBeNull();
    expect(preview.hubs).toEqual([
      { id: targetHub.id, name: `Hub ${targetHub.identifier}`, region: expect.any(String) },
    ]);
    expect(preview.tables).toEqual(
      expect.arrayContaining([
        { table: 'users', rows: 1 },
        { table: 'hubs', rows: 1 },
        { table: 'clusters', rows: 1 },
        { table: 'user_types', rows: 2 },
      ]),
    );
    expect(preview.totalRows).toBe(preview.tables.reduce((sum, row) => sum + row.rows, 0));
    expect(preview.tableCount).toBeGreaterThan(90);

    const requestedAt = new Date('2026-11-01T10:00:00.000Z');
    await requestDeletion(t.database.db, target.clusterId, requestedAt);
    preview = (await call('GET', url, tokens.superAdmin)).json<TErasurePreview>();
    expect(preview.deleteRequestedAt).toBe(requestedAt.toISOString());
    expect(preview.erasureDueAt).toBe('2026-12-01T10:00:00.000Z');

    response = await call(
      'GET',
      `/api/platform/clusters/${crypto.randomUUID()}/erasure-preview`,
      tokens.superAdmin,
    );
    expect(response.statusCode).toBe(404);
    expect(
      (await call('GET', '/api/platform/clusters/not-a-uuid/erasure-preview', tokens.superAdmin)).statusCode,
    ).toBe(400);
  });

  it('lists failed jobs newest first, a page at a time, with secrets hidden; a retry runs one again', async () => {
    const older = await insertFailedJob(
      { job: 'no-such-job', webhookSecret: 'whsec_x', hubId: 7 },
      new Date(Date.now() - 3000),
    );
    const middle = await insertFailedJob({ job: 'no-such-job' }, new Date(Date.now() - 2000));
    const newest = await insertFailedJob({ job: 'no-such-job', token: 'abc' }, new Date(Date.now() - 1000));
    for (const token of [tokens.clusterAdmin, tokens.hubAdmin]) {
      expect((await call('GET', '/api/platform/jobs/failed', token)).statusCode).toBe(403);
      expect((await call('POST', `/api/platform/jobs/failed/${newest}/retry`, token)).statusCode).toBe(403);
    }
    let response = await call('GET', '/api/platform/jobs/failed?limit=2', tokens.superAdmin);
    expect(response.statusCode, response.body).toBe(200);
    const first = response.json<TFailedJobPage>();
    expect(first.items.map((j) => j.id)).toEqual([newest, middle]);
    expect(first.items[0]).toMatchObject({
      queue: 'periodic',
      name: 'no-such-job',
      data: { job: 'no-such-job', token: '[hidden]' },
      error: 'boom: connection refused',
      attempts: 4,
      retryLimit: 3,
    });
    expect(first.nextCursor).not.toBeNull();
    response = await call(
      'GET',
      `/api/platform/jobs/failed?limit=2&cursor=${first.nextCursor ?? ''}`,
      tokens.superAdmin,
    );
    const second = response.json<TFailedJobPage>();
    expect(second.items.map((j) => j.id)).toEqual([older]);
    expect(second.items[0]?.data).toEqual({ job: 'no-such-job', webhookSecret: '[hidden]', hubId: '7' });
    expect(second.nextCursor).toBeNull();

    response = await call('POST', `/api/platform/jobs/failed/${newest}/retry`, tokens.superAdmin);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ id: newest, state: 'retry' });
    const [state] = await queryRows<{ state: string }>(
      t.database.db,
      sql`SELECT state::text FROM pgboss.job WHERE id = ${newest}::uuid`,
    );
    expect(state?.state).not.toBe('failed');
    const listed = (await call('GET', '/api/platform/jobs/failed', tokens.superAdmin)).json<TFailedJobPage>();
    expect(listed.items.map((j) => j.id)).toEqual([middle, older]);
    // Not failed any more (or never was): 404.
    expect(
      (await call('POST', `/api/platform/jobs/failed/${newest}/retry`, tokens.superAdmin)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/platform/jobs/failed/${crypto.randomUUID()}/retry`, tokens.superAdmin))
        .statusCode,
    ).toBe(404);
  });
});
