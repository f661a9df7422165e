// Issue 21 §1: a statement of 5,000 incoming transactions imports and matches in under 2 s. On PostgreSQL, one school
// with 5,000 students (each with a registration number, so each has a balance variable symbol) and its account; a
// generated ABO/GPC statement (Windows-1250) paying every student by their variable symbol. Measured, in this run:
//
//   app       previewBankStatement (decode, parse, account check, the school's students and invoices, the matcher,
//             the already-imported look-up) + confirmBankStatement of every match (parse again, the statement, 5,000
//             transactions, 5,000 payments by transfer, the links, the audit event) — the services the procedures call
//   baseline  the same parse (parseGpc) and the same inserts (statement, transactions, payments, links) as raw `pg`
//             multi-row statements in one transaction, with the VS → student lookup built from one raw select
//
// Each side gets a fresh school (so the re-import guard never skips work). Run on demand, from the repository root:
//
//   npx node bench/bank-import.ts
//
// BENCH_DATABASE_URL as in scale-seed.ts; BENCH_BANK_DB (default volant_bench_bank) is recreated each run.
import { performance } from 'node:perf_hooks';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import { gpcText, toBase64, windows1250 } from '@volant/shared/bank-statement/sample-files';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { confirmBankStatement, previewBankStatement } from '../apps/server/src/features/bank-statement/bank-statement.service.ts';
import { decodeBankFile, parseGpc } from '../apps/server/src/features/bank-statement/parse.ts';
import { testSchoolId } from '../apps/server/src/testing/tenant.ts';
import { createRecordingLive } from '../apps/server/src/live/live.ts';
import { benchUrl, recreateDatabase } from './scale-seed.ts';

const DB_NAME = process.env.BENCH_BANK_DB ?? 'volant_bench_bank';
const N = 5000;
const BUDGET_MS = 2000;

async function seedSchool(pool: pg.Pool, tag: string) {
  const {
    rows: [school],
  } = await pool.query(
    `insert into schools (name, number, office, street, street_code, city, post_code, operator_bank_account, operator_bank_iban)
     values ($1, 'AS-1', 'Magistrát města Brna', 'Kounicova', '1', 'Brno', '60200', '19-2000145399/0800', 'CZ6508000000192000145399') returning id`,
    [`Bench ${tag}`],
  );
  const {
    rows: [user],
  } = await pool.query(`insert into users (email, first_name, last_name, password_hash, is_activated) values ($1, 'Bench', 'Admin', 'x', true) returning id`, [
    `bench.${tag}.${Date.now()}@example.cz`,
  ]);
  await pool.query(
    `insert into students (school_id, registration_number, state, first_name, last_name, birth_date, birth_place, citizenship,
       doc_id, email, phone, street, street_code, city, post_code, groups, driving_licence_number, search_text)
     select $1, '8' || lpad(i::text, 6, '0'), 'IN_PROGRESS', 'Jan', 'Novák' || i, date '2000-01-01', 'Brno', 'Česká republika',
       'OP' || i, '', '', 'Lidická', '1', 'Brno', '60200', array['B'], '', 'jan novak' || i
     from generate_series(1, $2::int) i`,
    [school.id, N],
  );
  return { schoolId: school.id as string, userId: user.id as string };
}

const items = Array.from({ length: N }, (_, k) => {
  const i = k + 1;
  return { id: String(100000 + i), amount: 500000 + i, vs: `8${String(i).padStart(6, '0')}`, name: `Novák${i} Jan` };
});
const bytes = windows1250(gpcText('0000192000145399', items));
const content = toBase64(bytes);

// The same payments as a CSV with the office's own columns ('Vlastní sloupce'): a KB-like export without a transaction
// id column (every id derived from the line: a SHA-256 per line), credit/debit columns, the own account per line.
const csvColumns = {
  delimiter: ';',
  encoding: 'AUTO',
  date: 'Datum splatnosti',
  dateFormat: 'DD.MM.YYYY',
  amount: null,
  credit: 'Částka příjmů',
  debit: 'Částka výdajů',
  variableSymbol: 'VS',
  counterAccount: 'Protiúčet a kód banky',
  payerName: 'Název protiúčtu',
  message: 'Popis příkazce',
  ownAccountColumn: 'Vlastní účet',
} as const;
const csvText = [
  'Datum splatnosti;Protiúčet a kód banky;Název protiúčtu;Částka příjmů;Částka výdajů;VS;KS;Popis příkazce;Vlastní účet',
  ...items.map(
    (t) =>
      `27.11.2026;123-4567890217/0100;${t.name};"${(t.amount / 100)
        .toFixed(2)
        .replace('.', ',')
        .replace(/\B(?=(\d{3})+,)/g, ' ')}";;${t.vs};0308;"Kurz B; splátka";19-2000145399/0800`,
  ),
].join('\r\n');
const csvContent = toBase64(windows1250(csvText));

async function main() {
  await recreateDatabase(DB_NAME);
  const handle = await openDb({ databaseUrl: benchUrl(DB_NAME), poolSize: 4 });
  await migrate(handle);
  const pool = new pg.Pool({ connectionString: benchUrl(DB_NAME), max: 2 });
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-bench-bank-')),
    PUBLIC_URL: 'http://volant.test',
    LOG_LEVEL: 'silent',
  } as NodeJS.ProcessEnv);
  const deps = {
    db: handle.db,
    config,
    live: createRecordingLive(),
    now: () => new Date(),
    log: { warn() {}, error() {} },
  } as unknown as Parameters<typeof previewBankStatement>[0];

  // Warm-up on a school of its own (module loading, the first statements' plans).
  const warm = await seedSchool(pool, 'warm');
  await previewBankStatement(deps, testSchoolId(warm.schoolId), { content, format: 'AUTO', csv: null });

  // Baseline: parse + raw inserts.
  const raw = await seedSchool(pool, 'raw');
  const t0 = performance.now();
  const parsed = parseGpc(decodeBankFile(bytes));
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows: studs } = await client.query('select id, registration_number from students where school_id = $1 and removed_at is null', [raw.schoolId]);
    const byVs = new Map(studs.map((s) => [String(s.registration_number).replace(/\D/g, '').slice(-10).replace(/^0+/, ''), s.id as string]));
    const {
      rows: [st],
    } = await client.query(
      `insert into bank_statements (school_id, account, format, created_by) values ($1, 'CZ6508000000192000145399', 'GPC', $2) returning id`,
      [raw.schoolId, raw.userId],
    );
    const credits = parsed.transactions.filter((t) => t.credit);
    for (let i = 0; i < credits.length; i += 500) {
      const chunk = credits.slice(i, i + 500);
      const txIds: string[] = [];
      const tx = await client.query(
        `insert into bank_transactions (school_id, statement_id, account, transaction_id, booked_on, amount, credit, variable_symbol, counter_name)
         select $1, $2, 'CZ6508000000192000145399', * from unnest($3::text[], $4::date[], $5::bigint[], $6::boolean[], $7::text[], $8::text[])
         on conflict do nothing returning id, transaction_id`,
        [
          raw.schoolId,
          st.id,
          chunk.map((t) => t.transactionId),
          chunk.map((t) => t.bookedOn),
          chunk.map((t) => t.amount),
          chunk.map(() => true),
          chunk.map((t) => t.variableSymbol),
          chunk.map((t) => t.counterName),
        ],
      );
      for (const r of tx.rows) txIds.push(r.id);
      const studentIds = chunk.map((t) => byVs.get(t.variableSymbol ?? '') as string);
      const pay = await client.query(
        `insert into payment_items (school_id, student_id, price, paid_on, method, note, created_by)
         select $1, * from unnest($2::uuid[], $3::bigint[], $4::date[], $5::text[], $6::text[], $7::uuid[]) returning id`,
        [
          raw.schoolId,
          studentIds,
          chunk.map((t) => t.amount),
          chunk.map((t) => t.bookedOn),
          chunk.map(() => 'TRANSFER'),
          chunk.map(() => 'Bankovní převod (výpis)'),
          chunk.map(() => raw.userId),
        ],
      );
      await client.query(
        `update bank_transactions t set student_id = v.s, payment_item_id = v.p from unnest($2::uuid[], $3::uuid[], $4::uuid[]) as v(id, s, p) where t.school_id = $1 and t.id = v.id`,
        [raw.schoolId, txIds, studentIds, pay.rows.map((r) => r.id)],
      );
    }
    await client.query('commit');
  } finally {
    client.release();
  }
  const rawMs = performance.now() - t0;

  // The app: preview, then confirm every proposed match.
  const app = await seedSchool(pool, 'app');
  const schoolId = testSchoolId(app.schoolId);
  const t1 = performance.now();
  const preview = await previewBankStatement(deps, schoolId, { content, format: 'AUTO', csv: null });
  const t2 = performance.now();
  const decisions = preview.transactions.map((t) => ({ transactionId: t.transactionId, studentId: t.studentId }));
  const result = await confirmBankStatement(deps, schoolId, app.userId, { content, format: 'AUTO', csv: null, decisions });
  const t3 = performance.now();
  const matched = preview.transactions.filter((t) => t.state === 'MATCHED').length;
  const appMs = t3 - t1;

  const {
    rows: [check],
  } = await pool.query('select count(*)::int as n, sum(price)::bigint as total from payment_items where school_id = $1', [app.schoolId]);
  console.log(
    `statement: ${N} incoming transactions, ${(bytes.length / 1024).toFixed(0)} KB of GPC; matched ${matched}; payments written ${result.payments} (${check.n} in the table)`,
  );
  console.log(`baseline (parse + raw pg inserts)      ${rawMs.toFixed(0)} ms`);
  console.log(`app preview (parse + match)            ${(t2 - t1).toFixed(0)} ms`);
  console.log(`app confirm (parse + writes + audit)   ${(t3 - t2).toFixed(0)} ms`);
  console.log(
    `app total                              ${appMs.toFixed(0)} ms  (${(appMs / rawMs).toFixed(2)}× the baseline; budget ${BUDGET_MS} ms: ${appMs < BUDGET_MS ? 'OK' : 'OVER'})`,
  );

  // The app again with the CSV and own columns (derived ids), on a fresh school.
  const csvSchool = await seedSchool(pool, 'csv');
  const csvId = testSchoolId(csvSchool.schoolId);
  const csvInput = { content: csvContent, format: 'CSV' as const, csv: { columns: csvColumns } };
  const t4 = performance.now();
  const csvPreview = await previewBankStatement(deps, csvId, csvInput);
  const t5 = performance.now();
  const csvResult = await confirmBankStatement(deps, csvId, csvSchool.userId, {
    ...csvInput,
    decisions: csvPreview.transactions.map((t) => ({ transactionId: t.transactionId, studentId: t.studentId })),
  });
  const t6 = performance.now();
  const csvMatched = csvPreview.transactions.filter((t) => t.state === 'MATCHED').length;
  const csvMs = t6 - t4;
  console.log(`CSV (own columns, derived ids, ${(csvText.length / 1024).toFixed(0)} KB): matched ${csvMatched}; payments written ${csvResult.payments}`);
  console.log(`app CSV preview                        ${(t5 - t4).toFixed(0)} ms`);
  console.log(`app CSV confirm                        ${(t6 - t5).toFixed(0)} ms`);
  console.log(`app CSV total                          ${csvMs.toFixed(0)} ms  (budget ${BUDGET_MS} ms: ${csvMs < BUDGET_MS ? 'OK' : 'OVER'})`);
  await pool.end();
  await handle.close();
  if (appMs >= BUDGET_MS || matched !== N || result.payments !== N) process.exitCode = 1;
  if (csvMs >= BUDGET_MS || csvMatched !== N || csvResult.payments !== N) process.exitCode = 1;
}

await main();
