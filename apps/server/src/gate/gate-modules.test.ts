// The tenant proof is private to the gate modules (docs/decisions/0005-student-rung.md): a `SchoolId` or a
// `ProvenStudent` is made only where the caller's right was just read from the database. Any other file of the server
// or the benches that names `proveSchoolId` or `proveStudent` fails here; a proof that reads the database itself
// (`proveMembership`) may be called anywhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../../..');
const SERVER = 'apps/server/src';

/** The gate modules: the ladder, the gate's own folder, the socket handshake, the job runner, and the tests' one place. */
const GATE_MODULES = [
  `${SERVER}/lib/tenant.ts`,
  `${SERVER}/trpc/procedures.ts`,
  `${SERVER}/live/live.ts`,
  `${SERVER}/pdf/jobs.ts`,
  `${SERVER}/testing/tenant.ts`,
];
const isGateModule = (path: string) => GATE_MODULES.includes(path) || path.startsWith(`${SERVER}/gate/`);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The files outside the gate that name a proof. */
export function proofsOutsideTheGate(files: { path: string; text: string }[]) {
  return files.filter(({ path, text }) => !isGateModule(path) && /\bprove(SchoolId|Student)\b/.test(text)).map(({ path }) => path);
}

describe('the tenant proof', () => {
  it('is made only by the gate modules', () => {
    const files = [...sourceFiles(SERVER), ...sourceFiles('bench')].map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
    expect(files.length, 'the walk found the server’s files').toBeGreaterThan(100);
    expect(proofsOutsideTheGate(files)).toEqual([]);
  });

  it('notices a service that imports the proof', () => {
    const service = { path: `${SERVER}/features/x/x.service.ts`, text: "import { proveSchoolId } from '../../lib/tenant.ts';" };
    const student = { path: `${SERVER}/features/y/y.service.ts`, text: "import { proveStudent } from '../../lib/tenant.ts';" };
    expect(proofsOutsideTheGate([service, student, { path: `${SERVER}/trpc/procedures.ts`, text: service.text }])).toEqual([service.path, student.path]);
  });
});
