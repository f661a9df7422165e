// The transport of our errors through tRPC's fetch handler (no database): the status and the JSON-RPC code come from
// the catalogue's table, and a field error reaches the client where the web reads input errors.
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { APP_ERRORS } from '@volant/shared/errors';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import type { Context } from './context.ts';
import { baseProcedure, router } from './init.ts';

const testRouter = router({
  full: baseProcedure.mutation(() => {
    throw new AppError('EXAM_FULL');
  }),
  dueDate: baseProcedure.mutation(() => {
    throw AppError.field('INVALID_DATE', 'dueOn', 'Datum splatnosti nemůže být před datem vystavení');
  }),
  missingDocument: baseProcedure.mutation(() => {
    throw new AppError('INVOICE_OPERATOR_MISSING');
  }),
});

async function call(path: string) {
  const res = await fetchRequestHandler({
    endpoint: '/api/trpc',
    req: new Request(`http://test/api/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    router: testRouter,
    createContext: () => ({ reqId: 'req-1' }) as unknown as Context,
  });
  return { status: res.status, body: (await res.json()) as { error: { json: { message: string; code: number; data: Record<string, unknown> } } } };
}

describe('an AppError on the wire', () => {
  it('answers with its code’s kind: status, JSON-RPC code and the app code', async () => {
    const { status, body } = await call('full');
    expect(status).toBe(409);
    expect(body.error.json).toMatchObject({ message: APP_ERRORS.EXAM_FULL, code: -32009, data: { code: 'CONFLICT', httpStatus: 409, appCode: 'EXAM_FULL' } });
    expect((await call('missingDocument')).status).toBe(412);
  });

  it('sends a field error as the field’s input error, as zod’s are sent', async () => {
    const { status, body } = await call('dueDate');
    expect(status).toBe(400);
    expect(body.error.json.data).toMatchObject({
      appCode: 'INVALID_DATE',
      zodError: { formErrors: [], fieldErrors: { dueOn: ['Datum splatnosti nemůže být před datem vystavení'] } },
    });
    expect(body.error.json.message).toBe('Datum splatnosti nemůže být před datem vystavení');
  });
});
