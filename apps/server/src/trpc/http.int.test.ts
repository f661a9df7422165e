// The direct path for GETs of queries answers exactly what tRPC's own handler answers: the same request sent as a
// POST with method override (which tRPC's handler serves) gets the same status, body and `vary`, for answers,
// errors, a batch mixing both and a malformed input.
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../testing/harness.ts';
import { listenTestServer } from '../testing/http-server.ts';

let server: Awaited<ReturnType<typeof listenTestServer>>['server'];
let base: string;

beforeAll(async () => {
  ({ server, base } = await listenTestServer((await getTestApp()).handle));
});
afterAll(async () => {
  await server?.app.close();
});

/** What the client reads of an answer (Fastify adds `; charset=utf-8` to the direct path's JSON type). */
async function answer(res: Response) {
  return { status: res.status, vary: res.headers.get('vary'), type: res.headers.get('content-type')?.split(';')[0], body: await res.text() };
}

/** The same call as a GET (the direct path) and as a POST with method override (tRPC's handler). */
async function both(paths: string, input: string | undefined, batch: boolean) {
  const query = new URLSearchParams();
  if (batch) query.set('batch', '1');
  if (input !== undefined) query.set('input', input);
  const get = await answer(await fetch(`${base}/api/trpc/${paths}?${query}`));
  const post = await answer(
    await fetch(`${base}/api/trpc/${paths}${batch ? '?batch=1' : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trpc-method-override': 'query' },
      ...(input !== undefined ? { body: input } : {}),
    }),
  );
  return { get, post };
}

const schoolInput = JSON.stringify(superjson.serialize({ schoolId: '00000000-0000-4000-8000-000000000000' }));

describe('GETs of queries', () => {
  it('answer as tRPC’s handler does: a result, an error, a batch of both, a malformed input', async () => {
    const cases: [string, string | undefined, boolean, number | null][] = [
      ['app.getServerConfig', undefined, false, 200],
      ['user.meV2', undefined, false, 401],
      ['app.getServerConfig,user.getIsGroupBlocked', JSON.stringify({ 1: JSON.parse(schoolInput) }), true, 207],
      ['app.getServerConfig,app.getServerConfig', undefined, true, 200],
      ['app.getServerConfig', JSON.stringify({ json: null, meta: { values: 'zzz' } }), false, 200],
      ['drivingLessonsRecord.getCalendarEvents', JSON.stringify({ json: {}, meta: { values: 'zzz' } }), false, null],
      // Not JSON: left to tRPC's handler (which reads it only when the procedure asks for its input).
      ['drivingLessonsRecord.getCalendarEvents', '{not-json', false, null],
    ];
    for (const [paths, input, batch, status] of cases) {
      const { get, post } = await both(paths, input, batch);
      if (status !== null) expect(get.status, paths).toBe(status);
      expect(get).toEqual(post);
      expect(get.vary).toBe('trpc-accept, accept');
      expect(get.type).toBe('application/json');
    }
  });

  it('leaves to tRPC what it does not serve: a mutation, an unknown procedure', async () => {
    expect((await fetch(`${base}/api/trpc/user.register`)).status).toBe(405);
    expect((await fetch(`${base}/api/trpc/nothing.here`)).status).toBe(404);
  });
});
