import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { interpreterInputExample as input } from './interpreter.isolation.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

describe('interpreters', () => {
  it('tells the school about the interpreter on create, update and removal', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const sent = app.deps.live.sent.length;
    const { id: interpreterId } = await caller.interpreter.createInterpreter({ schoolId, ...input });
    await caller.interpreter.updateInterpreter({ schoolId, interpreterId, ...input, interpreterInfo: { ...input.interpreterInfo, degree: 'Mgr.' } });
    await caller.interpreter.removeInterpreter({ schoolId, interpreterId });
    await expect(caller.interpreter.removeInterpreter({ schoolId, interpreterId: crypto.randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const message = { room: `school:${schoolId}`, message: { InterpreterMessage: { schoolId, interpreterId } } };
    expect(app.deps.live.sent.slice(sent)).toEqual([message, message, message]);
  });

  it('creates, lists, updates and removes an interpreter of the school', async () => {
    const { caller, schoolId } = await setupSchool(app);
    expect(await caller.interpreter.getInterpreters({ schoolId })).toEqual([]);
    const created = await caller.interpreter.createInterpreter({ schoolId, ...input });
    const expected = {
      id: created.id,
      interpreterInfo: { firstName: 'Olena', lastName: 'Kovalenko', degree: null, birthDate: '1980-01-01', phone: '+420 777 000 111' },
      address: { street: 'Husova', streetCode: '3', city: 'Brno', postCode: '60200' },
    };
    expect(created).toEqual(expected);
    expect(await caller.interpreter.getInterpreters({ schoolId })).toEqual([expected]);

    const updated = await caller.interpreter.updateInterpreter({
      schoolId,
      interpreterId: created.id,
      ...input,
      interpreterInfo: { ...input.interpreterInfo, degree: 'Mgr.', phone: '' },
    });
    expect(updated.interpreterInfo).toMatchObject({ degree: 'Mgr.', phone: null });

    await caller.interpreter.removeInterpreter({ schoolId, interpreterId: created.id });
    expect(await caller.interpreter.getInterpreters({ schoolId })).toEqual([]);
    const [row] = await app.handle.db.select().from(schema.interpreters).where(eq(schema.interpreters.id, created.id));
    expect(row.removedAt).toBeInstanceOf(Date);
    await expect(caller.interpreter.updateInterpreter({ schoolId, interpreterId: created.id, ...input })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Tlumočník nebyl nalezen.',
    });
    const actions = (await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, created.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['interpreter.create', 'interpreter.remove', 'interpreter.update']);
  });

  it('refuses invalid fields with the spec messages', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const messages = await inputIssues(
      caller.interpreter.createInterpreter({
        schoolId,
        interpreterInfo: { firstName: '', lastName: 'K', degree: null, birthDate: '', phone: 'telefon' },
        address: { street: '', streetCode: '', city: '', postCode: '1' },
      }),
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        'interpreterInfo.birthDate: Prosím zadejte datum narození!',
        'interpreterInfo.phone: Neplatný formát telefonního čísla',
        'address.street: Prosím zadejte ulici!',
        'address.streetCode: Prosím zadejte číslo popisné!',
        'address.city: Prosím zadejte město!',
      ]),
    );
  });
});
