#!/usr/bin/env node
/**
 * Jarog task runner: `node scripts/run.mjs <ensure|start|test|dev>` (behind `npm start`, `npm test`, `npm run dev`).
 *
 * It must work on a fresh clone that has only Node.js and npm, so it imports nothing but Node's
 * own modules: it finds (or installs, into .tools/) the pinned pnpm, installs the workspace, and
 * then builds, runs or tests it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { constants as osConstants } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervise.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IS_WIN = process.platform === 'win32';
const MIN_NODE = [20, 19];
const STAMP_FILE = path.join(ROOT, 'node_modules', '.jarog-install-stamp');
const TOOLS_DIR = path.join(ROOT, '.tools');
const TOOLS_BIN = path.join(TOOLS_DIR, 'node_modules', '.bin');

const USAGE = `Usage: node scripts/run.mjs <command>

Commands:
  ensure   install the pinned pnpm (if needed) and the workspace dependencies
  start    ensure, build, then run the API (PORT, default 8080) and the console (WEB_PORT, default 3000)
  test     ensure, then lint, typecheck, build, unit + API integration tests, browser end-to-end tests
  dev      ensure, then run the API and the console in watch mode

npm start = start, npm test = test, npm run dev = dev.`;

// ---------------------------------------------------------------------------------------------
// Output helpers

const useColor = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const paint = (code) => (text) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : String(text));
const bold = paint('1');
const dim = paint('2');
const red = paint('31');
const green = paint('32');
const yellow = paint('33');
const cyan = paint('36');
const magenta = paint('35');

const header = (text) => console.log(`\n${bold(cyan(`▸ ${text}`))}`);
const note = (text) => console.log(dim(`  ${text}`));
const warn = (text) => console.log(yellow(`! ${text}`));

class StepError extends Error {
  /** @param {string} message @param {number} [exitCode] */
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

function formatDuration(ms) {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  const m = Math.floor(s / 60);
  return `${m}m ${String(Math.round(s - m * 60)).padStart(2, '0')}s`;
}

/** Exit code of a child: its own, or 128 + signal number when a signal ended it (the shell convention). */
function exitCodeOf(code, signal) {
  if (code !== null) return code;
  const num = signal ? osConstants.signals[signal] : undefined;
  return num ? 128 + num : 1;
}

// ---------------------------------------------------------------------------------------------
// Child processes: each gets its own process group (POSIX), so a Ctrl-C reaches it once, through us.

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
let stopping = false;
/** Resolves when Ctrl-C / SIGTERM / SIGHUP asks us to stop. */
let requestStop = () => {};
const stopRequested = new Promise((resolve) => {
  requestStop = resolve;
});

function signalChild(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    if (IS_WIN) child.kill(signal);
    else process.kill(-child.pid, signal); // the whole group: the tool and whatever it started
  } catch {
    // already gone
  }
}

/** @param {string} cmd @param {string[]} args @param {import('node:child_process').SpawnOptions} [options] */
function launch(cmd, args, options = {}) {
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: childEnv(),
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: !IS_WIN,
    shell: IS_WIN,
    ...options,
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Runs a command to completion with inherited output; resolves to its exit code. */
function run(cmd, args, options) {
  return new Promise((resolve) => {
    const child = launch(cmd, args, options);
    child.on('error', (err) => {
      console.error(red(`  could not run ${cmd}: ${err.message}`));
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(exitCodeOf(code, signal)));
  });
}

/** Runs a command and throws a StepError naming the step when it fails. */
async function mustRun(what, cmd, args, options) {
  const code = await run(cmd, args, options);
  if (stopping) throw new StepError('Interrupted.', 130);
  if (code !== 0) throw new StepError(`${what} failed (exit code ${code}).`, code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) {
      // Second signal: no more patience.
      for (const child of children) signalChild(child, 'SIGKILL');
      process.exit(130);
    }
    stopping = true;
    requestStop();
    console.log(dim(`\n${signal} received: stopping…`));
    if (children.size === 0) process.exit(exitCodeOf(null, signal));
    for (const child of children) signalChild(child, signal);
  });
}
process.on('exit', () => {
  for (const child of children) signalChild(child, 'SIGTERM');
});

// ---------------------------------------------------------------------------------------------
// ensure: Node version, pinned pnpm, workspace dependencies

let pnpmCmd = 'pnpm';
let extraPath = '';

function childEnv(extra = {}) {
  const env = {
    ...process.env,
    TURBO_TELEMETRY_DISABLED: '1',
    TURBO_NO_UPDATE_NOTIFIER: '1',
    COREPACK_ENABLE_DOWNLOAD_PROMPT: '0',
    ...extra,
  };
  if (extraPath) {
    const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
    env[key] = `${extraPath}${path.delimiter}${env[key] ?? ''}`;
  }
  return env;
}

function checkNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
    throw new StepError(`Node.js ${MIN_NODE.join('.')} or newer is required; this is ${process.version}.`);
  }
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function pinnedPnpm() {
  const pm = readJson(path.join(ROOT, 'package.json')).packageManager ?? '';
  const match = /^pnpm@(\d+\.\d+\.\d+[^+]*)/.exec(pm);
  if (!match?.[1])
    throw new StepError(`package.json has no "packageManager": "pnpm@x.y.z" pin (found "${pm}").`);
  return match[1];
}

/** The version a pnpm command prints, or undefined when it cannot run. */
function pnpmVersion(cmd) {
  const result = spawnSync(cmd, ['--version'], {
    cwd: ROOT,
    env: childEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
    shell: IS_WIN,
  });
  if (result.status !== 0 || typeof result.stdout !== 'string') return undefined;
  return result.stdout.trim().split('\n').pop()?.trim();
}

async function ensurePnpm() {
  const pin = pinnedPnpm();
  const onPath = pnpmVersion('pnpm');
  if (onPath === pin) {
    note(`pnpm ${pin} (on PATH)`);
    return;
  }
  const local = path.join(TOOLS_BIN, IS_WIN ? 'pnpm.cmd' : 'pnpm');
  if (!existsSync(local) || pnpmVersion(local) !== pin) {
    header(`Installing pnpm ${pin} into .tools/`);
    note(onPath ? `pnpm on PATH is ${onPath}, not the pinned ${pin}` : 'no pnpm on PATH');
    mkdirSync(TOOLS_DIR, { recursive: true });
    await mustRun('Installing pnpm with npm', IS_WIN ? 'npm.cmd' : 'npm', [
      'install',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      '--prefix',
      TOOLS_DIR,
      `pnpm@${pin}`,
    ]);
    const got = pnpmVersion(local);
    if (got !== pin) throw new StepError(`.tools/ pnpm reports version ${got ?? '(none)'}, expected ${pin}.`);
  } else {
    note(`pnpm ${pin} (.tools/)`);
  }
  pnpmCmd = local;
  extraPath = TOOLS_BIN; // so turbo, which runs each package's scripts with pnpm, finds the same one
}

/** A hash of everything that decides what `pnpm install` puts in node_modules. */
function installFingerprint() {
  const hash = createHash('sha256');
  hash.update(`${pinnedPnpm()}|${process.platform}|${process.arch}\n`);
  const files = ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json', '.npmrc'];
  for (const group of ['apps', 'packages']) {
    const dir = path.join(ROOT, group);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) files.push(path.join(group, entry.name, 'package.json'));
    }
  }
  for (const file of files.sort()) {
    const full = path.join(ROOT, file);
    hash.update(`${file}\n`);
    if (existsSync(full)) hash.update(readFileSync(full));
  }
  return hash.digest('hex');
}

async function ensureDependencies() {
  if (!existsSync(path.join(ROOT, 'pnpm-lock.yaml'))) throw new StepError('pnpm-lock.yaml is missing.');
  const fingerprint = installFingerprint();
  const installed =
    existsSync(path.join(ROOT, 'node_modules', '.modules.yaml')) &&
    existsSync(STAMP_FILE) &&
    readFileSync(STAMP_FILE, 'utf8').trim() === fingerprint;
  if (installed) {
    note('dependencies up to date with pnpm-lock.yaml');
    return;
  }
  header('Installing dependencies');
  const args = ['install', '--frozen-lockfile'];
  let code = await run(pnpmCmd, args);
  if (code !== 0 && !stopping) {
    // Registry hiccups happen; one more try before giving up.
    warn(`pnpm install failed (exit code ${code}); retrying once in 5 s…`);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    code = await run(pnpmCmd, args);
  }
  if (stopping) throw new StepError('Interrupted.', 130);
  if (code !== 0) {
    throw new StepError(
      `pnpm install --frozen-lockfile failed (exit code ${code}). If package.json changed, update the lockfile with \`pnpm install\`.`,
      code,
    );
  }
  writeFileSync(STAMP_FILE, `${fingerprint}\n`);
}

async function ensure() {
  header('Checking tools');
  checkNode();
  note(`Node.js ${process.version}`);
  await ensurePnpm();
  await ensureDependencies();
}

// ---------------------------------------------------------------------------------------------
// start

/** Resolves true once something accepts TCP connections on host:port within timeoutMs. */
function canConnect(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!stopping && Date.now() < deadline) {
    // A server bound to "localhost" may listen on ::1 only.
    if ((await canConnect(port)) || (await canConnect(port, '::1'))) return true;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

/** Starts a long-lived child whose stdout and stderr lines are prefixed with its tag. */
function launchPrefixed(tag, color, cmd, args, env) {
  const child = launch(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = color(`[${tag}]`);
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    if (!stream) continue;
    createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
      // Some lines already carry the tag; don't print it twice.
      out.write(`${prefix} ${line.startsWith(`[${tag}] `) ? line.slice(tag.length + 3) : line}\n`);
    });
  }
  return child;
}

async function start() {
  await ensure();
  header('Building the API and the console');
  await mustRun('The build', pnpmCmd, [
    'turbo',
    'run',
    'build',
    '--filter=@jarog/api',
    '--filter=@jarog/web',
  ]);

  const apiPort = Number(process.env.PORT || 8080);
  const webPort = Number(process.env.WEB_PORT || 3000);
  const apiUrl = process.env.API_URL || `http://localhost:${apiPort}`;
  const apiEntry = path.join(ROOT, 'apps', 'api', 'dist', 'server.js');
  const webEntry = path.join(ROOT, 'apps', 'web', 'scripts', 'serve.mjs');
  for (const file of [apiEntry, webEntry]) {
    if (!existsSync(file)) throw new StepError(`${path.relative(ROOT, file)} is missing after the build.`);
  }

  header('Starting the API and the console (Ctrl-C stops both)');
  const env = childEnv({ PORT: String(apiPort), WEB_PORT: String(webPort), API_URL: apiUrl });
  // Each process is supervised: if it dies (out of memory, a bug, a failed start because the database
  // is not up yet) it is started again with backoff, and the other one keeps serving meanwhile.
  // The API with its node flags (apps/api/node-flags.json: a 1 GB heap ceiling, its garbage collected on its own
  // thread), as `npm start` and the Docker image run it (docs/decisions.md).
  const apiFlags = readJson(path.join(ROOT, 'apps/api/node-flags.json'));
  const supervisors = [
    { tag: 'api', color: magenta, entry: apiEntry, flags: apiFlags },
    { tag: 'web', color: green, entry: webEntry, flags: [] },
  ].map(({ tag, color, entry, flags }) =>
    supervise({
      start: () => launchPrefixed(tag, color, process.execPath, [...flags, entry], env),
      onRestart: ({ code, signal, delayMs }) => {
        if (stopping) return;
        const why = signal ? `signal ${signal}` : `code ${code}`;
        console.log(red(`[${tag}] exited (${why}); restarting in ${formatDuration(delayMs)}…`));
      },
    }),
  );

  void Promise.all([waitForPort(apiPort, 180_000), waitForPort(webPort, 180_000)]).then(([apiUp, webUp]) => {
    if (apiUp && webUp && !stopping) {
      console.log(
        `\n${bold(green(`Console: http://localhost:${webPort}  API: http://localhost:${apiPort}`))}\n`,
      );
    }
  });

  // Runs until Ctrl-C / SIGTERM (the signal handlers above set `stopping` and signal the children).
  await stopRequested;
  for (const s of supervisors) s.stop();
  await stopAll(10_000);
  return 130;
}

/** Sends SIGTERM to every child still running, SIGKILL after graceMs, and resolves when all are gone. */
async function stopAll(graceMs) {
  const alive = [...children];
  if (alive.length === 0) return;
  const gone = Promise.all(alive.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  for (const child of alive) signalChild(child, 'SIGTERM');
  const timer = setTimeout(() => {
    for (const child of alive) signalChild(child, 'SIGKILL');
  }, graceMs);
  await gone;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// test

async function test() {
  const started = Date.now();
  await ensure();

  if (!process.env.TEST_DATABASE_URL && (await canConnect(5432))) {
    note('PostgreSQL answers on 127.0.0.1:5432 but TEST_DATABASE_URL is unset: API integration tests run on');
    note(
      'PGlite only. To include PostgreSQL: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test',
    );
  }
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    warn(
      `No Chromium at ${chromium}: the end-to-end step needs it (apt-get install -y chromium, or set CHROMIUM_PATH).`,
    );
  }

  const plain = process.stdout.isTTY ? [] : ['--colors=off']; // readable CI logs
  const steps = [
    { name: 'lint + format', args: ['exec', 'biome', 'ci', ...plain, '.'] },
    { name: 'typecheck', args: ['turbo', 'run', 'typecheck'] },
    { name: 'build', args: ['turbo', 'run', 'build'] },
    { name: 'unit + API integration', args: ['turbo', 'run', 'test'] },
    { name: 'browser end-to-end', args: ['turbo', 'run', 'test:e2e'] },
  ];
  const results = [];
  for (const step of steps) {
    header(`${step.name}: pnpm ${step.args.join(' ')}`);
    const t0 = Date.now();
    const code = await run(pnpmCmd, step.args);
    results.push({ name: step.name, code, ms: Date.now() - t0 });
    if (code !== 0 || stopping) break;
  }

  const passed = results.filter((r) => r.code === 0).length;
  const failed = results.length - passed;
  const skipped = steps.length - results.length;
  const width = Math.max(...steps.map((s) => s.name.length));
  console.log(`\n${bold('Summary')}`);
  for (const r of results) {
    const mark = r.code === 0 ? green('✔ pass') : red(`✘ fail (exit ${r.code})`);
    console.log(`  ${r.name.padEnd(width)}  ${formatDuration(r.ms).padStart(7)}  ${mark}`);
  }
  for (const s of steps.slice(results.length))
    console.log(`  ${s.name.padEnd(width)}  ${'-'.padStart(7)}  ${dim('skipped')}`);
  console.log(dim(`  total ${formatDuration(Date.now() - started)} (including install)`));
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  if (stopping) return 130;
  return failed === 0 ? 0 : (results.at(-1)?.code ?? 1);
}

// ---------------------------------------------------------------------------------------------
// dev

async function dev() {
  await ensure();
  header('Starting the API and the console in watch mode (Ctrl-C stops both)');
  // Loose env mode: dev servers see the whole environment (PORT, DATABASE_URL, …), as `npm start` does.
  const code = await run(pnpmCmd, [
    'turbo',
    'run',
    'dev',
    '--filter=@jarog/api',
    '--filter=@jarog/web',
    '--env-mode=loose',
  ]);
  return stopping ? 130 : code;
}

// ---------------------------------------------------------------------------------------------

const commands = {
  ensure: async () => {
    await ensure();
    console.log(`\n${green('Ready.')}`);
    return 0;
  },
  start,
  test,
  dev,
};

const name = process.argv[2];
if (!name || !Object.hasOwn(commands, name)) {
  if (name && !['-h', '--help', 'help'].includes(name)) console.error(red(`Unknown command: ${name}\n`));
  console.error(USAGE);
  process.exit(name && ['-h', '--help', 'help'].includes(name) ? 0 : 2);
}

try {
  const code = await commands[name]();
  process.exitCode = code;
} catch (err) {
  if (err instanceof StepError) {
    console.error(`\n${red(`✘ ${err.message}`)}`);
    process.exitCode = err.exitCode || 1;
  } else {
    console.error(`\n${red('✘ Unexpected error in scripts/run.mjs:')}`, err);
    process.exitCode = 1;
  }
}
