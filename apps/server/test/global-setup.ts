import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePgliteAsOwner, migratePostgresAsOwner, PGLITE_EXTENSIONS } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: { adminUrl: string; templateName: string } | null;
    postgresSkipReason: string | null;
  }
}

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Builds one migrated database per run (ARCHITECTURE.md Conventions 7): a PGlite dump that each test
 * file loads, or a PostgreSQL database that each test file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const which = project.config.env?.TEST_DB ?? process.env.TEST_DB ?? 'pglite';
  const dir = mkdtempSync(path.join(tmpdir(), 'commons-test-'));
  const cleanups: Array<() => Promise<void>> = [async () => rmSync(dir, { recursive: true, force: true })];

  project.provide('pgliteTemplatePath', '');
  project.provide('postgresTemplate', null);
  project.provide('postgresSkipReason', null);

  if (which === 'pglite') {
    const owner = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await migratePgliteAsOwner(owner);
    const dump = await owner.dumpDataDir('none');
    await owner.close();
    const file = path.join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplatePath', file);
  } else {
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
    try {
      await admin.connect();
    } catch (error) {
      const reason = `PostgreSQL at ${POSTGRES_ADMIN_URL} did not answer (${(error as Error).message})`;
      if (process.env.REQUIRE_SERVICES === '1')
        throw new Error(`${reason}; REQUIRE_SERVICES=1 makes this a failure.`);
      console.warn(`\n  NOTICE: ${reason}. The PostgreSQL integration suite is SKIPPED.\n`);
      project.provide('postgresSkipReason', reason);
      return async () => {
        for (const c of cleanups) await c();
      };
    }
    const templateName = `commons_tpl_${randomBytes(5).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${templateName}`);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${templateName}`;
    await migratePostgresAsOwner(url.toString());
    project.provide('postgresTemplate', { adminUrl: POSTGRES_ADMIN_URL, templateName });
    cleanups.push(async () => {
      // The demo copies the workers made of it (test-app.ts getDemoTestApp), then the template itself.
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [`${templateName}_demo_`],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    });
  }
  return async () => {
    for (const c of cleanups.reverse()) await c();
  };
}
