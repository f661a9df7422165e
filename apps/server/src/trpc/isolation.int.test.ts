// Fails when a procedure of the app router is missing from the isolation table, and proves every school-scoped
// procedure both ways: another school's admin is refused through the gate (the victim's school id) and by the
// statements (its own school id with the victim's ids), and the victim's data reads back unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import { newTag } from '../features/tag/tag.isolation.ts';
import { createTestStudent } from '../features/student/student.testing.ts';
import { getTestApp, setupSchool, type TestApp } from '../testing/harness.ts';
import { type IsolationCase, operatorCaller, schoolSnapshot } from '../testing/isolation.ts';
import { ISOLATION_TABLE } from '../testing/isolation-table.ts';
import { appRouter } from '../app-router.ts';

const table = ISOLATION_TABLE;

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
const paths = Object.keys(procedures).sort();

type Kind<K extends IsolationCase['kind']> = Extract<IsolationCase, { kind: K }>;
const rowsOf = <K extends IsolationCase['kind']>(kind: K) => Object.entries(table).filter((entry): entry is [string, Kind<K>] => entry[1].kind === kind);

/**
 * The victim with its seeded rows, the attacker (another school's admin), a read-back of the victim's data and a
 * snapshot of the attacker's school: a refused call writes nothing anywhere (not even the victim's values into the
 * attacker's audit log).
 */
async function arrange<R extends Kind<'entity' | 'school' | 'account' | 'operator'>>(row: R) {
  const victim = await setupSchool(app);
  const attacker = await setupSchool(app);
  const ids = await row.seed(app, victim);
  expect(Object.keys(ids).length, 'the seed names at least one of the victim’s values').toBeGreaterThan(0);
  const readBack = () => row.readBack(app, victim, ids);
  const attackers = () => schoolSnapshot(app, attacker);
  return { victim, attacker, ids, readBack, before: await readBack(), attackers, attackersBefore: await attackers() };
}

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (e: { code?: string }) => e.code ?? String(e),
  );

describe('tenant isolation', () => {
  it('covers every procedure of the app router', () => {
    const missing = paths.filter((p) => !(p in table));
    const stale = Object.keys(table).filter((p) => !paths.includes(p));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it.each(rowsOf('entity'))('%s refuses another school’s admin through the gate and with its own school id, and changes nothing', async (_path, row) => {
    const { victim, attacker, ids, readBack, before, attackers, attackersBefore } = await arrange(row);
    const viaGate = await refusal(row.call(attacker.caller, victim.schoolId, ids));
    const viaStatement = await refusal(row.call(attacker.caller, attacker.schoolId, ids));
    expect({ viaGate, viaStatement }).toEqual({ viaGate: 'NOT_FOUND', viaStatement: 'NOT_FOUND' });
    expect(await readBack()).toEqual(before);
    expect(await attackers(), 'the refused calls wrote nothing to the caller’s own school').toEqual(attackersBefore);
    // Control: the victim's own admin makes the same call, so the refusals above were about the school.
    await row.call(victim.caller, victim.schoolId, ids);
  });

  it.each(rowsOf('school'))('%s refuses another school’s id and shows nothing of that school under the caller’s own', async (path, row) => {
    const { victim, attacker, ids, readBack, before, attackers, attackersBefore } = await arrange(row);
    expect(await refusal(row.call(attacker.caller, victim.schoolId))).toBe('NOT_FOUND');
    expect(await attackers(), 'the refused call wrote nothing to the caller’s own school').toEqual(attackersBefore);
    const own = await row.call(attacker.caller, attacker.schoolId);
    expect(row.shows(own, ids), 'the answer to the caller’s own school shows the victim’s data').toBe(false);
    expect(await readBack()).toEqual(before);
    // Control: the victim's own call works and, for a read, shows the seeded values.
    const victims = await row.call(victim.caller, victim.schoolId);
    if (procedures[path]._def.type === 'query') expect(row.shows(victims, ids), 'the victim’s own answer shows the seeded values').toBe(true);
  });

  it.each(rowsOf('account'))('%s refuses another user the victim’s entity and changes nothing', async (_path, row) => {
    const { victim, attacker, ids, readBack, before, attackers, attackersBefore } = await arrange(row);
    expect(await refusal(row.call(attacker.caller, ids))).toBe('NOT_FOUND');
    expect(await readBack()).toEqual(before);
    expect(await attackers()).toEqual(attackersBefore);
    await row.call(await row.owner(app, victim, ids), ids);
  });

  it.each(rowsOf('operator'))('%s is refused to a school admin who is not an operator and changes nothing', async (_path, row) => {
    const { attacker, ids, readBack, before, attackers, attackersBefore } = await arrange(row);
    expect(await refusal(row.call(attacker.caller, ids))).toBe('FORBIDDEN');
    expect(await readBack()).toEqual(before);
    expect(await attackers()).toEqual(attackersBefore);
    await row.call(await operatorCaller(app), ids);
  });

  it('puts neither a school’s own tag on another school’s student nor another school’s tag on its own student', async () => {
    const [victim, attacker] = [await setupSchool(app), await setupSchool(app)];
    const theirs = {
      tagId: (await victim.caller.tag.createTag({ schoolId: victim.schoolId, ...newTag() })).id,
      studentId: await createTestStudent(victim.caller, victim.schoolId),
    };
    const mine = {
      tagId: (await attacker.caller.tag.createTag({ schoolId: attacker.schoolId, ...newTag() })).id,
      studentId: await createTestStudent(attacker.caller, attacker.schoolId),
    };
    const before = await schoolSnapshot(app, victim);
    const addTag = (tagId: string, entityId: string) =>
      refusal(attacker.caller.tag.addTagToEntity({ schoolId: attacker.schoolId, tagId, entityId, entityType: 'STUDENT' }));
    expect({ ownTagOnTheirs: await addTag(mine.tagId, theirs.studentId), theirTagOnMine: await addTag(theirs.tagId, mine.studentId) }).toEqual({
      ownTagOnTheirs: 'NOT_FOUND',
      theirTagOnMine: 'NOT_FOUND',
    });
    expect(await schoolSnapshot(app, victim)).toEqual(before);
    expect(await attacker.caller.tag.getEntityTags({ schoolId: attacker.schoolId, entityId: mine.studentId, entityType: 'STUDENT' })).toEqual([]);
  });
});
