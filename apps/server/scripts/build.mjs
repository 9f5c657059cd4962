#!/usr/bin/env node
// Compiles the server for production (issue #17 item 5, docs/adr/0006): one ES module bundle of src/main.ts
// with the workspace packages (@commons/domain, @commons/contract: TypeScript sources) inlined and every
// npm dependency left to node_modules, plus the SQL migrations it applies at start.
// `node scripts/build.mjs [outDir]` (default build/).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const SERVER = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(process.argv[2] ?? path.join(SERVER, 'build'));
const { dependencies } = JSON.parse(readFileSync(path.join(SERVER, 'package.json'), 'utf8'));

rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(SERVER, 'src/main.ts') },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // A package named here stays an import of node_modules, subpaths included (esbuild `external`).
  external: Object.keys(dependencies).filter((name) => !name.startsWith('@commons/')),
  logLevel: 'warning',
});
// db/client.ts finds the migrations next to itself (import.meta.dirname), which is outDir once bundled.
cpSync(path.join(SERVER, 'src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
console.info(`server built into ${path.relative(process.cwd(), outDir) || '.'}`);
