// Interpreters of a school (spec §3). Removal hides one from the pickers; students keep their link, since the
// class book must still name the interpreter who was there (legal-cz §6).
import type { interpreterInput } from '@volant/shared/interpreter/inputs';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AppDeps } from '../../trpc/context.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordEvent } from '../../events/record.ts';
import type { Live } from '../../live/live.ts';
import { toInterpreter } from './interpreter.dto.ts';
import { insertInterpreter, listInterpreters, updateInterpreterRow } from './interpreter.queries.ts';

type Input = z.output<ReturnType<typeof interpreterInput>>;

const columns = (input: Input) => ({ ...input.interpreterInfo, ...input.address });
const notFound = () => new AppError('INTERPRETER_NOT_FOUND');
export const interpreterMessage = (live: Live, schoolId: SchoolId, interpreterId: string) =>
  live.toSchool(schoolId, { InterpreterMessage: { schoolId, interpreterId } });

export async function getInterpreters(deps: AppDeps, schoolId: SchoolId) {
  return (await listInterpreters(deps.db, schoolId)).map(toInterpreter);
}

export function createInterpreter(deps: AppDeps, schoolId: SchoolId, userId: string, input: Input) {
  return inTransaction(deps, async (tx, after) => {
    const row = await insertInterpreter(tx, schoolId, columns(input));
    await recordEvent(deps, tx, after, { name: 'interpreter.create', schoolId, userId, entityType: 'interpreter', entityId: row.id, data: columns(input) });
    return toInterpreter(row);
  });
}

export function updateInterpreter(deps: AppDeps, schoolId: SchoolId, userId: string, interpreterId: string, input: Input) {
  return inTransaction(deps, async (tx, after) => {
    const row = await updateInterpreterRow(tx, schoolId, interpreterId, columns(input));
    if (!row) throw notFound();
    await recordEvent(deps, tx, after, { name: 'interpreter.update', schoolId, userId, entityType: 'interpreter', entityId: row.id, data: columns(input) });
    return toInterpreter(row);
  });
}

export async function removeInterpreter(deps: AppDeps, schoolId: SchoolId, userId: string, interpreterId: string) {
  await inTransaction(deps, async (tx, after) => {
    const row = await updateInterpreterRow(tx, schoolId, interpreterId, { removedAt: deps.now() });
    if (!row) throw notFound();
    await recordEvent(deps, tx, after, { name: 'interpreter.remove', schoolId, userId, entityType: 'interpreter', entityId: row.id });
  });
  return { ok: true as const };
}
