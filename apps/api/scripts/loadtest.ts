/**
 * `npm run loadtest`: mixed reads and writes against a running API, then a reconciliation of every
 * acknowledged write with the database.
 *
 *   API_URL=http://localhost:8080 LOADTEST_EMAIL=root@… LOADTEST_PASSWORD=… DATABASE_URL=postgres://… \
 *     npm run loadtest -- --clients 200 --duration 60
 *
 * Flags (or env): --url (API_URL), --email / --password (LOADTEST_EMAIL / LOADTEST_PASSWORD, falling back to
 * ROOT_EMAIL / ROOT_PASSWORD; a root-user, since it creates the birders the load uses), --database-url
 * (DATABASE_URL: the API's database, read to reconcile), --clients (200), --duration in seconds (60),
 * --birders (20).
 *
 * Each client loops: 40 % a mobile checklist upload (`POST /api/v1/checkList`, one bird, a fresh
 * `clientId` and the same value as Idempotency-Key), 20 % a species create (with an Idempotency-Key), 40 %
 * list reads (species, console checklists, the birder's own entries). A write that gets no answer or a
 * 5xx is retried with the same key, as the app does; an acknowledged write is one answered 2xx. After
 * the run every acknowledged write must be in the database exactly once.
 *
 * Prints: requests, 5xx, network errors, lost, duplicated, p50, p95 (milliseconds).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values: flags } = parseArgs({
  options: {
    url: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    'database-url': { type: 'string' },
    clients: { type: 'string' },
    duration: { type: 'string' },
    birders: { type: 'string' },
  },
});

const API = (flags.url ?? process.env.API_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const EMAIL = flags.email ?? process.env.LOADTEST_EMAIL ?? process.env.ROOT_EMAIL;
const PASSWORD = flags.password ?? process.env.LOADTEST_PASSWORD ?? process.env.ROOT_PASSWORD;
const DATABASE_URL = flags['database-url'] ?? process.env.DATABASE_URL;
const CLIENTS = Number(flags.clients ?? process.env.LOADTEST_CLIENTS ?? 200);
const DURATION_S = Number(flags.duration ?? process.env.LOADTEST_DURATION ?? 60);
const BIRDERS = Number(flags.birders ?? 20);
const WRITE_RETRIES = 5;

function fail(message: string): never {
  process.stderr.write(`loadtest: ${message}\n`);
  process.exit(2);
}
if (!EMAIL || !PASSWORD) fail('set LOADTEST_EMAIL and LOADTEST_PASSWORD (a root-user) or --email/--password');
if (!DATABASE_URL) fail('set DATABASE_URL (or --database-url) to the API database, to reconcile writes');
if (!(CLIENTS > 0 && DURATION_S > 0)) fail('--clients and --duration must be positive numbers');

interface Reply {
  status: number; // 0 = no answer (connection refused, reset, timeout)
  body: unknown;
}

const latencies: number[] = [];
const stats = { requests: 0, fiveXx: 0, network: 0, statuses: new Map<number, number>() };

async function call(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  key?: string,
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  const t0 = performance.now();
  stats.requests += 1;
  try {
    const res = await fetch(`${API}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await res.text();
    latencies.push(performance.now() - t0);
    stats.statuses.set(res.status, (stats.statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500) stats.fiveXx += 1;
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  } catch {
    latencies.push(performance.now() - t0);
    stats.network += 1;
    return { status: 0, body: undefined };
  }
}

/** A write retried with the same key while it gets no answer or a 5xx, as a phone would. */
async function write(path: string, token: string, body: unknown, key: string): Promise<Reply> {
  let reply: Reply = { status: 0, body: undefined };
  for (let attempt = 0; attempt <= WRITE_RETRIES; attempt++) {
    reply = await call('POST', path, token, body, key);
    if (reply.status !== 0 && reply.status < 500) return reply;
    await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
  }
  return reply;
}

function tokenOf(reply: Reply, what: string): string {
  const token = (reply.body as { token?: unknown } | undefined)?.token;
  if (reply.status !== 200 || typeof token !== 'string') {
    fail(`${what} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return token;
}

async function setUp(): Promise<{ root: string; birders: { id: string; token: string }[] }> {
  const root = tokenOf(
    await call('POST', '/auth/login', undefined, { email: EMAIL, password: PASSWORD }),
    'Sign-in',
  );
  const run = randomUUID().slice(0, 8);
  const birders: { id: string; token: string }[] = [];
  for (let i = 0; i < BIRDERS; i++) {
    const email = `loadtest-${run}-${i}@loadtest.invalid`;
    const password = `loadtest-${randomUUID()}`;
    const created = await call('POST', '/auth/register-admin', root, {
      name: `Load Birder ${i}`,
      email,
      password,
      confirmPassword: password,
      userType: 'admin-user',
    });
    if (created.status !== 201) fail(`creating a birder: ${created.status} ${JSON.stringify(created.body)}`);
    const user = await call('GET', `/users/${encodeURIComponent(email)}`, root);
    const id = (user.body as { _id?: string })._id;
    if (!id) fail(`finding the birder: ${user.status} ${JSON.stringify(user.body)}`);
    const demoted = await call('PATCH', `/users/${id}`, root, { userType: 'user' });
    if (demoted.status !== 200) fail(`making a birder: ${demoted.status} ${JSON.stringify(demoted.body)}`);
    const token = tokenOf(
      await call('POST', '/api/v1/users/Login', undefined, { email, password }),
      'Birder sign-in',
    );
    birders.push({ id, token });
  }
  return { root, birders };
}

const WHERE = { dzongkhag: 'Paro', gewog: 'Tsento', village: 'Drukgyel' };

async function main(): Promise<void> {
  process.stdout.write(`loadtest: ${CLIENTS} clients for ${DURATION_S} s against ${API}\n`);
  const { root, birders } = await setUp();
  const run = randomUUID().slice(0, 8);
  const acked = { species: new Set<string>(), checklists: new Map<string, string>() };
  const tried = { species: new Set<string>(), checklists: new Set<string>() };
  const setupRequests = stats.requests;
  latencies.length = 0;
  stats.requests = 0;
  stats.statuses.clear();
  const deadline = Date.now() + DURATION_S * 1000;
  let serial = 0;

  const client = async (c: number) => {
    const birder = birders[c % birders.length];
    if (!birder) return;
    while (Date.now() < deadline) {
      const roll = Math.random();
      serial += 1;
      if (roll < 0.4) {
        const clientId = `lt-${run}-${c}-${serial}`;
        tried.checklists.add(clientId);
        const doc = {
          clientId,
          CheckListName: `Load walk ${run} ${c}-${serial}`,
          BirdName: 'Ibisbill',
          StartbirdingData: [
            {
              selectedDate: '2025-02-10',
              selectedTime: '07:15',
              observer: `Load Birder ${c}`,
              status: 'submittedchecklist',
              Totalcount: 3,
              JAcount: { Adult: 2, Juvenile: 1 },
              currentLocation: { latitude: 27.43, longitude: 89.41 },
              EndpointLocation: [WHERE],
            },
          ],
        };
        const reply = await write('/api/v1/checkList', birder.token, doc, clientId);
        if (reply.status >= 200 && reply.status < 300) acked.checklists.set(clientId, birder.id);
      } else if (roll < 0.6) {
        const name = `Load Warbler ${run} ${c}-${serial}`;
        tried.species.add(name);
        const reply = await write('/api/v1/species', root, { englishName: name }, `sp-${run}-${c}-${serial}`);
        if (reply.status === 201) acked.species.add(name);
      } else if (roll < 0.75) {
        await call('GET', `/api/v1/species?page=${1 + (serial % 5)}&limit=20`, root);
      } else if (roll < 0.9) {
        await call('GET', '/api/v1/checklists?page=1&limit=20', root);
      } else {
        await call('GET', '/api/v1/checkList?page=1&limit=20', birder.token);
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  const seconds = (Date.now() - started) / 1000;

  // Reconciliation: every acknowledged write exactly once; nothing tried is there twice.
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  let lost = 0;
  let duplicated = 0;
  try {
    const species = await db.query<{ name: string; n: number }>(
      'select english_name as name, count(*)::int as n from species where english_name = any($1::text[]) group by english_name',
      [[...tried.species]],
    );
    const speciesCount = new Map(species.rows.map((r) => [r.name, r.n]));
    for (const name of acked.species) if (!speciesCount.has(name)) lost += 1;
    for (const n of speciesCount.values()) if (n > 1) duplicated += n - 1;

    const lists = await db.query<{ client_id: string; observer_id: string; n: number; entries: number }>(
      `select c.client_id, c.observer_id::text, count(distinct c.id)::int as n, count(e.id)::int as entries
         from checklists c left join entries e on e.checklist_id = c.id
        where c.client_id = any($1::text[]) group by c.client_id, c.observer_id`,
      [[...tried.checklists]],
    );
    const found = new Map(lists.rows.map((r) => [`${r.observer_id} ${r.client_id}`, r]));
    for (const [clientId, observer] of acked.checklists) if (!found.has(`${observer} ${clientId}`)) lost += 1;
    for (const r of lists.rows) {
      if (r.n > 1) duplicated += r.n - 1;
      if (r.entries > r.n) duplicated += r.entries - r.n; // one bird per upload
    }
  } finally {
    await db.end();
  }

  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const statuses = [...stats.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  const lines = [
    `clients      ${CLIENTS}`,
    `duration     ${seconds.toFixed(1)} s (setup: ${setupRequests} requests, not counted)`,
    `requests     ${stats.requests} (${(stats.requests / seconds).toFixed(1)}/s)  statuses ${statuses}`,
    `5xx          ${stats.fiveXx}`,
    `no answer    ${stats.network}`,
    `writes acked ${acked.species.size} species, ${acked.checklists.size} checklists (of ${tried.species.size} + ${tried.checklists.size} tried)`,
    `lost         ${lost}`,
    `duplicated   ${duplicated}`,
    `p50          ${pct(50).toFixed(1)} ms`,
    `p95          ${pct(95).toFixed(1)} ms`,
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
  process.exitCode = stats.fiveXx === 0 && lost === 0 && duplicated === 0 && stats.network === 0 ? 0 : 1;
}

main().catch((err: unknown) => fail(err instanceof Error ? (err.stack ?? err.message) : String(err)));
