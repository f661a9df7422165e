// Interpreters of a school (spec §3). Removal hides one from the pickers; students keep their link, since the
// class book must still name the interpreter who was there (legal-cz §6).
import type { interpreterInput } from '@volant/shared/interpreter/inputs';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { AppDeps } from '../../trpc/context.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { Live } from '../../live/live.ts';
import { toInterpreter } from './interpreter.dto.ts';
import { insertInterpreter, listInterpreters, updateInterpreterRow } from './interpreter.queries.ts';

type Input = z.output<ReturnType<typeof interpreterInput>>;

const columns = (input: Input) => ({ ...input.interpreterInfo, ...input.address });
const notFound = () => new AppError('INTERPRETER_NOT_FOUND');
const interpreterMessage = (live: Live, schoolId: SchoolId, interpreterId: string) =>
  live.toSchool(schoolId, { InterpreterMessage: { schoolId, interpreterId } });

export async function getInterpreters(deps: AppDeps, schoolId: SchoolId) {
  return (await listInterpreters(deps.db, schoolId)).map(toInterpreter);
}

export function createInterpreter(deps: AppDeps, schoolId: SchoolId, userId: string, input: Input) {
  return inTransaction(deps, async (tx, after) => {
    const row = await insertInterpreter(tx, schoolId, columns(input));
    await audit(tx, { schoolId, userId, action: 'interpreter.create', entityType: 'interpreter', entityId: row.id, data: columns(input) });
    after.live((live) => interpreterMessage(live, schoolId, row.id));
    return toInterpreter(row);
  });
}

export function updateInterpreter(deps: AppDeps, schoolId: SchoolId, userId: string, interpreterId: string, input: Input) {
  return inTransaction(deps, async (tx, after) => {
    const row = await updateInterpreterRow(tx, schoolId, interpreterId, columns(input));
    if (!row) throw notFound();
    await audit(tx, { schoolId, userId, action: 'interpreter.update', entityType: 'interpreter', entityId: row.id, data: columns(input) });
    after.live((live) => interpreterMessage(live, schoolId, row.id));
    return toInterpreter(row);
  });
}

export async function removeInterpreter(deps: AppDeps, schoolId: SchoolId, userId: string, interpreterId: string) {
  await inTransaction(deps, async (tx, after) => {
    const row = await updateInterpreterRow(tx, schoolId, interpreterId, { removedAt: deps.now() });
    if (!row) throw notFound();
    await audit(tx, { schoolId, userId, action: 'interpreter.remove', entityType: 'interpreter', entityId: row.id });
    after.live((live) => interpreterMessage(live, schoolId, row.id));
  });
  return { ok: true as const };
}
