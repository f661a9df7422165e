// The money reads of the app (issue 9) against a bare Fastify + `pg` handler running the same statements, on
// PostgreSQL at 1,000 schools × 200 students: the school's owing list (Platby → Nedoplatky, one statement over the
// student_balances view with the since-when timeline) and the students page filtered by 'Nedoplatek' (an EXISTS on
// the view). The method is training.ts's (read its header): the same pool size and connections, both servers in
// child processes loaded in turn by autocannon in this process, the raw side's SQL recorded from the app's own code.
//
// Run on demand (not part of the tests), from the repository root:
//
//   npx node bench/money.ts
//
// Settings (environment):
//   BENCH_DATABASE_URL   server to use (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_MONEY_DB       database (default volant_bench_money): scale-seed.ts's 1,000 schools × 200 students plus
//                        the money seed below, reused when complete, otherwise created (~1 min)
//   BENCH_DURATION, BENCH_WARMUP, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_LOG_LEVEL, DATABASE_POOL_SIZE, BENCH_ONLY
//                        as in training.ts
//
// Money seed, in every school: the price list (B 20 000 Kč, A 25 000 Kč, an extra ride 650 Kč); every started
// student (5 in 8) has a price — one in 7 their own (18 000 Kč, half of them 1 000 Kč off), the rest the list's copied
// at the start — and 0–4 payments of 5 000 Kč from their start on; one student in 4 (started or not) 1–3 extra rides.
// About 85 students of each school owe (~85,000 in all); 430,000 rows of payments and charges.
//
// Scenarios (each request by one of 20 admins of 20 schools, a Bearer token each):
//   owing     paymentItem.getOwingStudents, default (by amount due): the school's whole list with since when
//   students  student.students with owing: true, page 1 (the page and its total in one statement)
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, openSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import { owingStudentsInput } from '@volant/shared/payment-item/inputs';
import { studentsListInput } from '@volant/shared/student/inputs';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import superjson from 'superjson';
import { loadConfig } from '../apps/server/src/config.ts';
import { getOwingStudents } from '../apps/server/src/features/payment-item/payment-item.service.ts';
import { listStudents } from '../apps/server/src/features/student/student.queries.ts';
import { findSessionWithMembership } from '../apps/server/src/gate/session.queries.ts';
import { hashToken } from '../apps/server/src/lib/crypto.ts';
import { buildServer } from '../apps/server/src/server.ts';
import { testSchoolId } from '../apps/server/src/testing/tenant.ts';
import { benchUrl, benchUsers, isSeeded, recreateDatabase, seed } from './scale-seed.ts';

const DB_NAME = process.env.BENCH_MONEY_DB ?? 'volant_bench_money';
const DB_URL = benchUrl(DB_NAME);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10);

type BenchUser = { schoolId: string; token: string };
type Slot = { from: 'hash' | 'school' | 'now' } | { value: unknown };
interface Statement {
  text: string;
  name?: string;
  slots: Slot[];
}
type Key = 'owing' | 'students';
interface Recipe {
  gate: Statement;
  page: Statement[];
}
interface Scenario {
  name: string;
  key: Key;
  procedure: string;
  input: (u: BenchUser) => Record<string, unknown>;
}

const SCENARIOS: Scenario[] = [
  { name: 'getOwingStudents (whole list)', key: 'owing', procedure: 'paymentItem.getOwingStudents', input: (u) => ({ schoolId: u.schoolId }) },
  { name: 'students, Nedoplatek (page 1)', key: 'students', procedure: 'student.students', input: (u) => ({ schoolId: u.schoolId, owing: true }) },
];
const byProcedure = new Map(SCENARIOS.map((s) => [s.procedure, s]));

const trpcGet = (procedure: string, input: unknown) => `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;

// ——— seed ———

async function seedMoney(pool: pg.Pool) {
  await pool.query(
    `insert into school_price_list (school_id, "group", kind, variant, price)
     select id, g, 'BASIC', 'COURSE', p from schools cross join (values ('B', 2000000), ('A', 2500000)) v(g, p)`,
  );
  await pool.query(`insert into school_price_extras (school_id, item, price) select id, 'EXTRA_RIDE', 65000 from schools`);
  await pool.query(
    `insert into student_prices (school_id, student_id, price, discount, from_price_list)
     select school_id, id, 1800000, case when abs(hashtext(id::text)) % 2 = 0 then 100000 else 0 end, false
     from students where date_of_in_progress is not null and abs(hashtext(id::text || 'p')) % 7 = 0`,
  );
  // The others get the list's price copied, as the training-start hook does.
  await pool.query(
    `insert into student_prices (school_id, student_id, price, discount, from_price_list)
     select s.school_id, s.id, pl.price, 0, true from students s
     join school_price_list pl on pl.school_id = s.school_id and pl."group" = s.groups[1] and pl.kind = s.training_kind and pl.variant = s.training_type
     where s.date_of_in_progress is not null
     on conflict do nothing`,
  );
  await pool.query(
    `insert into payment_items (school_id, student_id, price, paid_on, method)
     select s.school_id, s.id, 500000, s.date_of_in_progress + j * 10, 'CASH'
     from students s cross join generate_series(1, 4) j
     where s.date_of_in_progress is not null and j <= abs(hashtext(s.id::text)) % 5`,
  );
  await pool.query(
    `insert into student_charges (school_id, student_id, item, label, quantity, unit_price, charged_on)
     select school_id, id, 'EXTRA_RIDE', 'Kondiční jízda (45 min)', 1 + abs(hashtext(id::text || 'q')) % 3, 65000,
       coalesce(date_of_in_progress, created_at::date) + 20
     from students where abs(hashtext(id::text || 'c')) % 4 = 0`,
  );
  await pool.query('vacuum analyze');
}

async function isMoneySeeded() {
  if (!(await isSeeded(DB_NAME))) return false;
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  const { rows } = await c.query<{ n: number }>('select count(*)::int as n from school_price_extras').catch(() => ({ rows: [{ n: 0 }] }));
  await c.end();
  return rows[0].n > 0;
}

// ——— record the SQL the app runs ———

async function recordRecipes(handle: Awaited<ReturnType<typeof openDb>>, user: BenchUser): Promise<Record<Key, Recipe>> {
  const pool = handle.pool!;
  const original = pool.query.bind(pool);
  const now = new Date();
  const known = new Map<unknown, Slot>([
    [hashToken(user.token), { from: 'hash' }],
    [user.schoolId, { from: 'school' }],
    [now.toISOString(), { from: 'now' }],
  ]);
  const record = async (run: () => Promise<unknown>) => {
    const recorded: Statement[] = [];
    pool.query = ((config: string | { text: string; name?: string; values?: unknown[] }, values?: unknown[]) => {
      const text = typeof config === 'string' ? config : config.text;
      const name = typeof config === 'string' ? undefined : config.name;
      const params = values ?? (typeof config === 'object' ? (config.values ?? []) : []);
      recorded.push({ text, name, slots: params.map((v) => known.get(v instanceof Date ? v.toISOString() : v) ?? { value: v }) });
      return original(config as never, values as never);
    }) as typeof pool.query;
    try {
      await run();
    } finally {
      pool.query = original;
    }
    return recorded;
  };
  const [gate] = await record(() => findSessionWithMembership(handle.db, user.token, user.schoolId, now));
  const deps = { db: handle.db, now: () => now } as unknown as Parameters<typeof getOwingStudents>[0];
  const school = testSchoolId(user.schoolId);
  const input = (key: Key) => SCENARIOS.find((s) => s.key === key)!.input(user);
  const owing = await record(() => getOwingStudents(deps, school, owingStudentsInput.parse(input('owing'))));
  const students = await record(() => listStudents(handle.db, school, studentsListInput.parse(input('students'))));
  // The owing list: its rows and, at the same time, the students whose price is missing (issue 17).
  for (const [name, statements, expected] of [
    ['owing', owing, 2],
    ['students', students, 1],
  ] as const) {
    if (statements.length !== expected) throw new Error(`${name}: the app ran ${statements.length} statements, expected ${expected}`);
  }
  return { owing: { gate, page: owing }, students: { gate, page: students } };
}

// ——— load ———

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(port: number, users: BenchUser[], scenario: Scenario, duration: number) {
  const latencies: number[] = [];
  let bad = 0;
  let bytes = 0;
  const paths = new Map(users.map((u) => [u.token, trpcGet(scenario.procedure, scenario.input(u))]));
  await new Promise<void>((resolve, reject) => {
    const tracker = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            setupRequest: (req: { path: string; headers: Record<string, string> }) => {
              const user = users[Math.floor(Math.random() * users.length)];
              return { ...req, method: 'GET', path: paths.get(user.token), headers: { ...req.headers, authorization: `Bearer ${user.token}` } };
            },
          },
        ],
      },
      (err: Error | null) => (err ? reject(err) : resolve()),
    );
    tracker.on('response', (_client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
      if (statusCode !== 200) bad++;
      bytes += resBytes;
      latencies.push(responseTime);
    });
  });
  return { latencies, bad, duration, bytes };
}

async function startServer(role: 'app' | 'raw', recipes: Record<Key, Recipe>) {
  const devNull = openSync('/dev/null', 'w');
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: role, BENCH_RECIPES: JSON.stringify(recipes) },
    stdio: ['ignore', devNull, 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${role} server exited with ${code}`)));
  });
  return {
    port,
    cpu: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m: { cpu: number }) => resolve(m.cpu));
        child.send('cpu');
      }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}

/** Items and the total the answer reports (the app's under tRPC's result.data.json, the raw one as is). */
function itemCount(side: 'app' | 'raw', body: string) {
  const parsed = JSON.parse(body) as unknown;
  const data = (side === 'app' ? (parsed as { result: { data: { json: unknown } } }).result.data.json : parsed) as { items: unknown[]; total: unknown };
  return `${data.items.length} items, total ${JSON.stringify(data.total)}`;
}

async function main() {
  const started = Date.now();
  if (!(await isMoneySeeded())) {
    console.log(`Seeding ${DB_NAME} (1,000 schools × 200 students, payments, charges, prices) …`);
    await recreateDatabase(DB_NAME);
    const fresh = await openDb({ databaseUrl: DB_URL, poolSize: 4 });
    await migrate(fresh);
    await seed(fresh.pool!);
    await seedMoney(fresh.pool!);
    await fresh.close();
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  }
  const handle = await openDb({ databaseUrl: DB_URL, poolSize: 4 });
  await migrate(handle);
  const users = (await benchUsers(handle.db, handle.pool!)).map(({ schoolId, token }) => ({ schoolId, token }));
  const { rows: sizes } = await handle.pool!.query<{ owing: number; payments: number; charges: number }>(
    `select (select count(*)::int from student_balances where due > 0) as owing,
       (select count(*)::int from payment_items) as payments, (select count(*)::int from student_charges) as charges`,
  );
  console.log(`All schools: ${sizes[0].owing} students owe; ${sizes[0].payments} payments, ${sizes[0].charges} charges.`);
  const recipes = await recordRecipes(handle, users[0]);
  await handle.close();

  const app = await startServer('app', recipes);
  const raw = await startServer('raw', recipes);
  const sides = { app, raw };

  // One answer of each kind from each side first: both 200, the same items and total.
  for (const s of SCENARIOS) {
    const counts: string[] = [];
    for (const [side, server] of Object.entries(sides) as ['app' | 'raw', typeof app][]) {
      const res = await fetch(`http://127.0.0.1:${server.port}${trpcGet(s.procedure, s.input(users[1]))}`, {
        headers: { authorization: `Bearer ${users[1].token}` },
      });
      const body = await res.text();
      if (!res.ok) throw new Error(`${side} ${s.name} answered ${res.status}: ${body.slice(0, 300)}`);
      counts.push(itemCount(side, body));
      console.log(`${s.name}: ${side} answers ${counts.at(-1)}, ${(body.length / 1024).toFixed(1)} KB`);
    }
    if (counts[0] !== counts[1]) throw new Error(`${s.name}: app ${counts[0]}, raw ${counts[1]}`);
  }

  const loadBefore = loadavg()[0];
  const rows = [];
  for (const s of SCENARIOS.filter((x) => !process.env.BENCH_ONLY || x.key === process.env.BENCH_ONLY)) {
    type Run = Awaited<ReturnType<typeof load>> & { cpu: number };
    const runs = { app: [] as Run[], raw: [] as Run[] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['app', 'raw'] as const) : (['raw', 'app'] as const);
      for (const side of order) {
        console.log(`${s.name}: ${side}, round ${round + 1}/${ROUNDS} (${CONNECTIONS} connections, ${DURATION} s) …`);
        if (WARMUP > 0) await load(sides[side].port, users, s, WARMUP);
        const cpuBefore = await sides[side].cpu();
        const run = await load(sides[side].port, users, s, DURATION);
        runs[side].push({ ...run, cpu: (await sides[side].cpu()) - cpuBefore });
      }
    }
    const sum = (side: 'app' | 'raw') => {
      const latencies = runs[side].flatMap((r) => r.latencies).sort((a, b) => a - b);
      const seconds = runs[side].reduce((n, r) => n + r.duration, 0);
      return {
        rps: Math.round(latencies.length / seconds),
        p50: +percentile(latencies, 50).toFixed(1),
        p95: +percentile(latencies, 95).toFixed(1),
        kb: +(runs[side].reduce((n, r) => n + r.bytes, 0) / Math.max(1, latencies.length) / 1024).toFixed(1),
        cpu: +(runs[side].reduce((n, r) => n + r.cpu, 0) / Math.max(1, latencies.length)).toFixed(2),
        bad: runs[side].reduce((n, r) => n + r.bad, 0),
      };
    };
    const a = sum('app');
    const r = sum('raw');
    rows.push({
      scenario: s.name,
      'app req/s': a.rps,
      'app p50 ms': a.p50,
      'app p95 ms': a.p95,
      'raw req/s': r.rps,
      'raw p50 ms': r.p50,
      'raw p95 ms': r.p95,
      'app/raw': +(a.rps / r.rps).toFixed(2),
      'CPU ms/req app/raw': `${a.cpu}/${r.cpu}`,
      'KB app/raw': `${a.kb}/${r.kb}`,
      'non-200': a.bad + r.bad,
    });
  }
  await app.stop();
  await raw.stop();
  console.log(
    `\nPostgreSQL, 1,000 schools × 200 students with payments and charges, ${CONNECTIONS} connections, pool ${POOL_SIZE}, ` +
      `${ROUNDS} × ${DURATION} s per side, app LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'info'}:`,
  );
  console.table(rows);
  console.log(`Load average (1 min) before ${loadBefore.toFixed(1)}, after ${loadavg()[0].toFixed(1)}. Total ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

// ——— the two servers, each in its own process ———

async function serveApp() {
  const handle = await openDb({ databaseUrl: DB_URL, poolSize: POOL_SIZE });
  const config = loadConfig({
    DATABASE_URL: DB_URL,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-bench-')),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    // BENCH_ANSWER_CACHE=0: the app without its answer cache (every read runs its statements).
    ANSWER_CACHE: process.env.BENCH_ANSWER_CACHE ?? '1',
    PORT: '0',
    WEB_DIST: join(tmpdir(), 'volant-bench-no-web'),
  } as NodeJS.ProcessEnv);
  const { app } = await buildServer(config, handle);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    server: app.server,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** Array rows as objects keyed by their column names. */
function asObjects(result: pg.QueryResult<unknown[]>) {
  const names = result.fields.map((f) => f.name);
  return result.rows.map((row) => Object.fromEntries(names.map((n, i) => [n, row[i]])));
}

/** Whole days from `since` to today in Prague (the app's daysSince over schoolToday). */
function daysFrom(since: string, today: string) {
  return Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000));
}

async function serveRaw() {
  const recipes = JSON.parse(process.env.BENCH_RECIPES!) as Record<Key, Recipe>;
  const pool = new pg.Pool({ connectionString: DB_URL, max: POOL_SIZE });
  const app = Fastify();
  const todayFmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague', year: 'numeric', month: '2-digit', day: '2-digit' });
  const bind = (st: Statement, req: { hash: string; school: string; now: Date }) =>
    st.slots.map((s) => ('value' in s ? s.value : s.from === 'now' ? req.now.toISOString() : req[s.from]));
  app.get('/api/trpc/:procedure', async (request, reply) => {
    const { procedure } = request.params as { procedure: string };
    const scenario = byProcedure.get(procedure);
    if (!scenario) return reply.code(404).send({ error: 'NOT_FOUND' });
    const recipe = recipes[scenario.key];
    const { json } = JSON.parse((request.query as { input: string }).input) as { json: { schoolId: string } };
    const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!m) return reply.code(401).send({ error: 'UNAUTHORIZED' });
    const req = { hash: createHash('sha256').update(m[1]).digest('base64url'), school: json.schoolId, now: new Date() };
    const { rows: gate } = await pool.query<unknown[]>({ text: recipe.gate.text, values: bind(recipe.gate, req), rowMode: 'array' });
    if (gate.length === 0) return reply.code(401).send({ error: 'UNAUTHORIZED' });
    const row = gate[0];
    if (!row.at(-3)) return reply.code(404).send({ error: 'NOT_FOUND' });
    if (row.at(-1)) return reply.code(403).send({ error: 'GROUP_BLOCKED' });
    const [st, missingSt] = recipe.page;
    const [page, missing] = await Promise.all(
      [st, missingSt].map((s) => (s ? pool.query<unknown[]>({ text: s.text, values: bind(s, req), rowMode: 'array' }) : null)),
    );
    if (!page) throw new Error('no page statement');
    if (scenario.key === 'students') {
      // One statement: the total is a column of every row.
      const at = page.fields.findIndex((f) => f.name === 'total');
      const total = Number(page.rows[0]?.[at] ?? 0);
      const keep = (r: unknown[]) => r.filter((_, i) => i !== at);
      return { items: asObjects({ ...page, fields: keep(page.fields) as pg.FieldDef[], rows: page.rows.map(keep) }), total };
    }
    // The owing list: amounts as numbers, days since, the totals (what the app's service adds to the rows).
    const today = todayFmt.format(req.now);
    const items = asObjects(page).map((r) => ({
      ...r,
      owed: Number(r.owed),
      paid: Number(r.paid),
      due: Number(r.due),
      days: daysFrom(r.since as string, today),
    }));
    const total = items.reduce((t, r) => ({ owed: t.owed + r.owed, paid: t.paid + r.paid, due: t.due + r.due }), { owed: 0, paid: 0, due: 0 });
    // Students whose price is missing, with their amounts as numbers (what the app's query maps).
    const missingPrice = asObjects(missing!).map((r) => ({ ...r, paid: Number(r.paid), charges: Number(r.charges) }));
    return { items, total, missingPrice, today };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    server: app.server,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

if (process.env.BENCH_ROLE === 'app' || process.env.BENCH_ROLE === 'raw') {
  const { server, close } = process.env.BENCH_ROLE === 'app' ? await serveApp() : await serveRaw();
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', async (m) => {
    if (m === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpu: (user + system) / 1000 });
    }
    if (m === 'stop') {
      await close();
      process.exit(0);
    }
  });
} else {
  await main();
}
