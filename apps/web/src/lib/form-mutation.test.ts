// The rules of a form's write: field errors of either side at the fields, the answer into the cache, and the live
// echo of the caller's own write skipped (one refetch, not two). A real query cache, real tRPC keys, the live reaction.
import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { applyWrite, type FormWrite, submitFormWrite } from './form-mutation.ts';
import { handleLiveMessage } from './live.ts';
import { fakeLiveEffects } from './live-testing.ts';
import { trpcOptions as t } from './trpc.ts';

const S = 's1';
const schema = z.object({ regNumber: z.string().min(1, 'Zadejte SPZ'), carType: z.string() });
const carsKey = t.schoolCar.getSchoolCar.queryKey({ schoolId: S });
const teachersKey = t.school.getSchoolTeachers.queryKey({ schoolId: S });
const carsFilter = () => t.schoolCar.getSchoolCar.queryFilter({ schoolId: S });

function setup(send: FormWrite<typeof schema, { id: string; regNumber: string }>['send']) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(carsKey, [{ id: 'c0', regNumber: '1A0' }] as never);
  queryClient.setQueryData(teachersKey, []);
  const deps = { form: { setFields: vi.fn() }, queryClient, success: vi.fn(), sending: vi.fn() };
  const write: FormWrite<typeof schema, { id: string; regNumber: string }> = {
    schema,
    send,
    writes: () => [carsFilter(), t.school.getSchoolTeachers.queryFilter({ schoolId: S })],
    puts: (car) => [{ filter: carsFilter(), update: (old) => [...(old as { id: string }[]), car] }],
    success: 'Vozidlo bylo přidáno',
    fieldPrefix: ['car'],
  };
  return { queryClient, deps, write };
}

/** The filters a live message hands to `invalidate`, as hashed keys. */
function invalidatedBy(message: unknown): string[] {
  const fx = fakeLiveEffects(S);
  handleLiveMessage(message, fx);
  return fx.invalidate.mock.calls.flatMap(([filters]) => filters.map((f: { queryKey?: unknown }) => JSON.stringify(f.queryKey)));
}

describe('submitFormWrite', () => {
  it('puts the schema’s messages at the fields and sends nothing when the values are invalid, nor says it is sending', async () => {
    const send = vi.fn();
    const { deps, write } = setup(send);
    expect(await submitFormWrite(write, { regNumber: '', carType: 'Škoda' }, deps)).toEqual({ status: 'invalid' });
    expect(send).not.toHaveBeenCalled();
    // The button's loading state would flash for an invalid submit (and antd can leave its icon behind).
    expect(deps.sending).not.toHaveBeenCalled();
    expect(deps.form.setFields).toHaveBeenCalledWith([{ name: ['car', 'regNumber'], errors: ['Zadejte SPZ'] }]);
  });

  it('maps the server’s field errors onto the form and returns its message; the cache is untouched and the echo not expected', async () => {
    const refusal = new TRPCClientError('Neplatný vstup', {
      result: { error: { data: { zodError: { fieldErrors: { regNumber: ['SPZ už škola má', 'druhá'] } } } } },
    } as never);
    const { queryClient, deps, write } = setup(() => Promise.reject(refusal));
    const outcome = await submitFormWrite(write, { regNumber: '1A1', carType: 'Škoda' }, deps);
    expect(outcome).toMatchObject({ status: 'refused', message: 'Neplatný vstup' });
    expect(deps.form.setFields).toHaveBeenCalledWith([{ name: ['car', 'regNumber'], errors: ['SPZ už škola má'] }]);
    expect(deps.success).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(carsKey)?.isInvalidated).toBe(false);
    // Nothing was written, so someone else's message about the cars still refetches them.
    expect(invalidatedBy({ SchoolCarMessage: { schoolId: S } })).toContain(JSON.stringify(carsFilter().queryKey));
  });

  it('puts the answer into the cache, invalidates the rest of what the write changed and says so', async () => {
    const { queryClient, deps, write } = setup((input) => {
      // The form shows 'saving' before the request goes out.
      expect(deps.sending).toHaveBeenCalledOnce();
      return Promise.resolve({ id: 'c1', ...input });
    });
    const outcome = await submitFormWrite(write, { regNumber: '1A1', carType: 'Škoda' }, deps);
    expect(outcome).toEqual({ status: 'saved', answer: { id: 'c1', regNumber: '1A1', carType: 'Škoda' } });
    expect(queryClient.getQueryData(carsKey)).toEqual([
      { id: 'c0', regNumber: '1A0' },
      { id: 'c1', regNumber: '1A1', carType: 'Škoda' },
    ]);
    // Set from the answer, so not refetched; the teachers are not in the answer, so they are.
    expect(queryClient.getQueryState(carsKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(teachersKey)?.isInvalidated).toBe(true);
    expect(deps.success).toHaveBeenCalledWith('Vozidlo bylo přidáno');
  });

  it('skips the live echo of its own write once, whether it comes before or after the answer', async () => {
    let echoBeforeAnswer: string[] = [];
    const { deps, write } = setup(async (input) => {
      echoBeforeAnswer = invalidatedBy({ TeacherMessage: { schoolId: S } });
      return { id: 'c1', ...input };
    });
    await submitFormWrite(write, { regNumber: '1A1', carType: 'Škoda' }, deps);
    expect(echoBeforeAnswer.filter((k) => k.includes('getSchoolTeachers'))).toEqual([]);
    // The cars' message arrives after the answer: skipped too.
    expect(invalidatedBy({ SchoolCarMessage: { schoolId: S } })).toEqual([]);
    // The next message (someone else's write) refetches again.
    expect(invalidatedBy({ SchoolCarMessage: { schoolId: S } })).toEqual([JSON.stringify(carsFilter().queryKey)]);
  });

  it('sets an exact key from the answer even when nothing has read it yet, and leaves a loose filter with nothing cached alone', async () => {
    const { queryClient, deps, write } = setup((input) => Promise.resolve({ id: 'c1', ...input }));
    const ownKey = t.schoolCar.getSchoolCar.queryKey({ schoolId: 's2' });
    const looseKey = t.school.getMembers.queryKey({ schoolId: S });
    write.puts = (car) => [
      { filter: { queryKey: ownKey, exact: true }, update: () => [car] },
      { filter: { queryKey: looseKey }, update: () => [car] },
    ];
    await submitFormWrite(write, { regNumber: '1A1', carType: 'Škoda' }, deps);
    expect(queryClient.getQueryData(ownKey)).toEqual([{ id: 'c1', regNumber: '1A1', carType: 'Škoda' }]);
    expect(queryClient.getQueryData(looseKey)).toBeUndefined();
  });
});

describe('applyWrite', () => {
  it('refetches what a write outside a form changed and skips that write’s echo once', async () => {
    const { queryClient } = setup(vi.fn());
    await applyWrite(queryClient, [carsFilter()]);
    expect(queryClient.getQueryState(carsKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(teachersKey)?.isInvalidated).toBe(false);
    expect(invalidatedBy({ SchoolCarMessage: { schoolId: S } })).toEqual([]);
    expect(invalidatedBy({ SchoolCarMessage: { schoolId: S } })).toEqual([JSON.stringify(carsFilter().queryKey)]);
  });
});
