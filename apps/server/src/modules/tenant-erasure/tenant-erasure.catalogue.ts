import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';

/**
 * Which tables hold a tenant's rows, read from the database catalogue rather than from a hand-kept list, so a table
 * added later cannot be forgotten (issue #23 item 1):
 * - `clusters` itself (by id), every table with a `cluster_id` column (ARCHITECTURE.md Tenancy: every tenant-owned
 *   table has one);
 * - and any table without one whose foreign key reaches a row of those (a hub id, a user id, …), transitively.
 * The tables come in deletion order: a table before every table it references (children first).
 */
export type TTenantTable = {
  name: string;
  /** Rows of the cluster in this table, as a condition on the table's alias. */
  predicate: TPredicate;
};

type TPredicate = (clusterId: string, alias: string) => SQL;

export type TFileSource = {
  table: string;
  regionColumn: string;
  keyColumn: string;
  /** The table has a `kind` column (user files: a photo is stored in several sizes). */
  hasKind: boolean;
};

export type TTenantCatalogue = {
  tables: TTenantTable[];
  /** Tables of the public schema that hold no tenant rows (platform tables such as tenant_erasures). */
  otherTables: string[];
  /** Where stored files are named: a region column beside a key column (`region`/`storage_key`, `x_region`/`x_key`). */
  fileSources: TFileSource[];
};

type TCatalogueTable = { name: string; columns: string[] };
type TForeignKey = {
  child: string;
  parent: string;
  childColumns: string[];
  parentColumns: string[];
  /** pg_constraint.confdeltype: a no action, r restrict, c cascade, n set null, d set default. */
  onDelete: string;
};

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** Reads the catalogue (tables, columns, foreign keys of the public schema) in one round trip each. */
async function readCatalogue(tx: TTx): Promise<{ tables: TCatalogueTable[]; keys: TForeignKey[] }> {
  const tables = await queryRows<TCatalogueTable>(
    tx,
    sql`SELECT c.relname AS name,
          array(SELECT a.attname::text FROM pg_attribute a
                 WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum) AS columns
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        ORDER BY c.relname`,
  );
  const keys = await queryRows<TForeignKey>(
    tx,
    sql`SELECT child.relname AS child, parent.relname AS parent,
          array(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, i)
                  JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.i) AS "childColumns",
          array(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, i)
                  JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.i) AS "parentColumns",
          con.confdeltype::text AS "onDelete"
        FROM pg_constraint con
        JOIN pg_class child ON child.oid = con.conrelid
        JOIN pg_class parent ON parent.oid = con.confrelid
        JOIN pg_namespace n ON n.oid = child.relnamespace
        WHERE con.contype = 'f' AND n.nspname = 'public'
        ORDER BY child.relname, con.conname`,
  );
  return { tables, keys };
}

/** The tenant tables in deletion order, and where files are named, from the live catalogue. */
export async function tenantCatalogue(tx: TTx): Promise<TTenantCatalogue> {
  const { tables, keys } = await readCatalogue(tx);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const predicates = new Map<string, TPredicate>();
  predicates.set('clusters', (clusterId, alias) => sql`${ident(alias)}.id = ${clusterId}::uuid`);
  for (const table of tables)
    if (table.columns.includes('cluster_id'))
      predicates.set(table.name, (clusterId, alias) => sql`${ident(alias)}.cluster_id = ${clusterId}::uuid`);
  // Tables without cluster_id belong to a tenant through a foreign key into a tenant table, to any depth.
  let isGrowing = true;
  while (isGrowing) {
    isGrowing = false;
    for (const table of tables) {
      if (predicates.has(table.name)) continue;
      const via = keys.filter(
        (k) => k.child === table.name && k.parent !== k.child && predicates.has(k.parent),
      );
      if (via.length === 0) continue;
      predicates.set(table.name, (clusterId, alias) =>
        sql.join(
          via.map((k) => {
            const parent = `${alias}_p`;
            const joins = k.childColumns.map(
              (column, i) =>
                sql`${ident(parent)}.${ident(k.parentColumns[i] ?? '')} = ${ident(alias)}.${ident(column)}`,
            );
            const parentPredicate = predicates.get(k.parent)?.(clusterId, parent) ?? sql`false`;
            return sql`EXISTS (SELECT 1 FROM ${ident(k.parent)} ${ident(parent)} WHERE ${sql.join(joins, sql` AND `)} AND ${parentPredicate})`;
          }),
          sql` OR `,
        ),
      );
      isGrowing = true;
    }
  }
  const names = tables.map((t) => t.name).filter((name) => predicates.has(name));
  const ordered = deletionOrder(
    names,
    keys.filter((k) => k.child !== k.parent && predicates.has(k.child) && predicates.has(k.parent)),
  );
  const fileSources: TFileSource[] = [];
  for (const name of names) {
    const columns = byName.get(name)?.columns ?? [];
    for (const regionColumn of columns.filter((c) => c === 'region' || c.endsWith('_region'))) {
      const prefix = regionColumn.slice(0, -'region'.length);
      const keyColumn = [`${prefix}storage_key`, `${prefix}key`].find((c) => columns.includes(c));
      if (keyColumn)
        fileSources.push({ table: name, regionColumn, keyColumn, hasKind: columns.includes('kind') });
    }
  }
  return {
    tables: ordered.flatMap((name) => {
      const predicate = predicates.get(name);
      return predicate ? [{ name, predicate }] : [];
    }),
    otherTables: tables.map((t) => t.name).filter((name) => !predicates.has(name)),
    fileSources,
  };
}

/**
 * Children before parents (a table before every table it references); self-references need no order, since one
 * statement deletes a table's rows of the cluster together. Tables that reference each other (a question's
 * accepted answer and the answer's question) are ordered by the keys that would refuse the deletion; a key that sets
 * null (or its default) on delete lets its parent go first. A cycle of refusing keys cannot be ordered: it is an
 * error here, so the erasure stops before deleting anything rather than failing halfway.
 */
export function deletionOrder(
  names: readonly string[],
  keys: readonly Pick<TForeignKey, 'child' | 'parent' | 'onDelete'>[],
): string[] {
  try {
    return topologicalOrder(names, keys);
  } catch {
    return topologicalOrder(
      names,
      keys.filter((k) => k.onDelete !== 'n' && k.onDelete !== 'd'),
    );
  }
}

function topologicalOrder(
  names: readonly string[],
  keys: readonly Pick<TForeignKey, 'child' | 'parent'>[],
): string[] {
  const referencedBy = new Map<string, Set<string>>(names.map((n) => [n, new Set()]));
  for (const k of keys) referencedBy.get(k.parent)?.add(k.child);
  const ordered: string[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (done.has(name)) return;
    if (visiting.has(name))
      throw new Error(`tenant erasure: foreign keys form a cycle: ${[...path, name].join(' -> ')}`);
    visiting.add(name);
    for (const child of [...(referencedBy.get(name) ?? [])].sort()) visit(child, [...path, name]);
    visiting.delete(name);
    done.add(name);
    ordered.push(name);
  };
  for (const name of [...names].sort()) visit(name, []);
  return ordered;
}
