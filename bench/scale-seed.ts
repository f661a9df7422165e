// The scale seed shared by the benches on PostgreSQL (search.ts, app-vs-raw.ts): 1,000 schools × 200 students with
// Czech names in the database `volant_bench`, one log per student, a tag on every third one, and 20 staff users.
import type { openDb } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { normalizeSearch } from '@volant/shared/search';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createSession } from '../apps/server/src/features/user/session.queries.ts';

export const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const DB_NAME = 'volant_bench';
export const SCHOOLS = 1000;
export const STUDENTS_PER_SCHOOL = 200;
export const BENCH_USERS = 20;

export function benchUrl() {
  const url = new URL(BASE_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

// ——— seed ———

const FIRST = [
  'Jan',
  'Jiří',
  'Petr',
  'Josef',
  'Pavel',
  'Martin',
  'Tomáš',
  'Jaroslav',
  'Zdeněk',
  'Eva',
  'Jana',
  'Marie',
  'Hana',
  'Lucie',
  'Kateřina',
  'Věra',
  'Tereza',
  'Markéta',
];
const LAST = [
  'Novák',
  'Svoboda',
  'Novotný',
  'Dvořák',
  'Černý',
  'Procházka',
  'Kučera',
  'Veselý',
  'Horák',
  'Němec',
  'Marek',
  'Pokorný',
  'Pospíšil',
  'Hájek',
  'Jelínek',
  'Král',
  'Růžička',
  'Beneš',
  'Fiala',
  'Sedláček',
  'Doležal',
  'Zeman',
  'Kolář',
  'Navrátil',
  'Čermák',
  'Urban',
  'Vaněk',
  'Blažek',
  'Kříž',
  'Kovář',
];

export async function recreateDatabase() {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
}

export async function seed(pool: pg.Pool) {
  await pool.query(
    `insert into schools (name, number, office, street, street_code, city, post_code, tier)
     select 'Autoškola ' || g, 'AS-' || g, 'Magistrát města Brna', 'Kounicova', g::text, 'Brno', '60200', 'PREMIUM'
     from generate_series(1, $1::int) g`,
    [SCHOOLS],
  );
  // Names and their normalised forms come from JavaScript, so search_text is exactly what the app writes.
  await pool.query(
    `insert into students (school_id, registration_number, state, first_name, last_name, birth_date, birth_place, citizenship,
       doc_id, email, phone, street, street_code, city, post_code, groups, driving_licence_number, search_text, created_at,
       date_of_in_progress)
     select s.id, reg, (array['NOT_STARTED','IN_PROGRESS','FINISHED','TO_EXAM','DONE','NOT_STARTED','IN_PROGRESS','STORNO'])[1 + (i % 8)],
       ($1::text[])[f], ($3::text[])[l], date '1995-01-01' + ((i * 37 + s.n) % 5000), 'Brno', 'Česká republika',
       'OP' || i, 'zak' || i || '@example.cz', '+420 777 000 ' || lpad(i::text, 3, '0'), 'Lidická', i::text, 'Brno', '60200',
       case when i % 5 = 0 then array['A','B'] else array['B'] end, 'EA' || i,
       ($2::text[])[f] || ' ' || ($4::text[])[l] || ' ' || reg,
       now() - make_interval(hours => i * 7 + s.n),
       case when i % 8 in (1, 2, 3, 4, 6) then (now() - make_interval(days => i))::date end
     from (select id, row_number() over (order by id)::int as n from schools) s
     cross join generate_series(1, $5::int) i
     cross join lateral (select 1 + ((i * 7 + s.n * 13) % cardinality($1::text[])) as f, 1 + ((i * 11 + s.n * 3) % cardinality($3::text[])) as l,
       extract(year from now())::int || '/' || lpad(i::text, 3, '0') as reg) x`,
    [FIRST, FIRST.map(normalizeSearch), LAST, LAST.map(normalizeSearch), STUDENTS_PER_SCHOOL],
  );
  await pool.query(
    `insert into student_logs (school_id, student_id, state, previous_state, date, created_at)
     select school_id, id, 'NOT_STARTED', null, created_at::date, created_at from students`,
  );
  await pool.query(
    `insert into tags (school_id, name, color) select id, t.name, t.color from schools
     cross join (values ('VIP', '#aa0000'), ('Zaplaceno', '#00aa00'), ('Dluží', '#0000aa')) t(name, color)`,
  );
  await pool.query(
    `insert into tag_links (school_id, tag_id, entity_type, entity_id)
     select s.school_id, t.id, 'STUDENT', s.id from students s join tags t on t.school_id = s.school_id and t.name = 'VIP'
     where abs(hashtext(s.id::text)) % 3 = 0`,
  );
  await pool.query('vacuum analyze');
}

export async function benchUsers(db: Awaited<ReturnType<typeof openDb>>['db'], pool: pg.Pool) {
  const { rows: schools } = await pool.query<{ id: string }>('select id from schools order by id limit $1 offset 100', [BENCH_USERS]);
  const out: { schoolId: string; token: string; studentIds: string[] }[] = [];
  for (const [i, s] of schools.entries()) {
    const email = `bench${i}@example.cz`;
    let [user] = await db.select().from(schema.users).where(eq(schema.users.email, email));
    if (!user) {
      [user] = await db
        .insert(schema.users)
        .values({ email, firstName: 'Bench', lastName: `Uživatel ${i}`, passwordHash: 'x', isActivated: true, activeSchoolId: s.id })
        .returning();
      await db.insert(schema.schoolMembers).values({ schoolId: s.id, userId: user.id, role: 'ADMIN', firstName: 'Bench', lastName: `Uživatel ${i}` });
    }
    const token = await createSession(db, user.id, new Date(), 1);
    const { rows } = await pool.query<{ id: string }>('select id from students where school_id = $1 and removed_at is null', [s.id]);
    out.push({ schoolId: s.id, token, studentIds: rows.map((r) => r.id) });
  }
  return out;
}

export async function isSeeded() {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  await admin.end();
  if (!rowCount) return false;
  const c = new pg.Client({ connectionString: benchUrl() });
  await c.connect();
  const { rows } = await c.query<{ n: number }>('select count(*)::int as n from students').catch(() => ({ rows: [{ n: 0 }] }));
  await c.end();
  return rows[0].n === SCHOOLS * STUDENTS_PER_SCHOOL;
}
