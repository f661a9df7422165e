// tRPC over Fastify with a direct path for queries sent as GET (what httpBatchLink and httpLink send for every read).
//
// tRPC's Fastify adapter turns each request into a fetch Request (headers copied, an AbortController) and its answer
// into a fetch Response whose body Fastify then streams back; per read that was a larger share of the CPU than the
// read's own SQL. Here a GET of queries is answered by the same steps tRPC takes — the context, each procedure
// called with its path and lazily parsed input, errors through tRPC's error shape and the app's errorFormatter, the
// same status rules (one status for all answers, else 207), the same `vary` header and onError — written as one
// string. Whatever this path does not handle (a POST, a streamed or subscription call, an unknown or non-query
// procedure, an input that is not JSON, too many calls) goes to tRPC's own handler before anything ran.
import { type AnyTRPCRouter, getErrorShape, getTRPCErrorFromUnknown, type TRPCError, transformTRPCResponse } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import { getProcedureAtPath } from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CachedAnswer } from '../lib/read-cache.ts';

type TrpcOptions<R extends AnyTRPCRouter> = FastifyTRPCPluginOptions<R>['trpcOptions'];
type Procedure = NonNullable<Awaited<ReturnType<typeof getProcedureAtPath>>>;

interface Call {
  path: string;
  procedure: Procedure;
  /** The call's JSON input as sent (before the transformer), undefined when none. */
  json: unknown;
}

/** The calls of a plain GET of queries, or null when tRPC's own handler must answer (nothing has run yet). */
async function queryCalls(router: AnyTRPCRouter, req: FastifyRequest, path: string, maxBatchSize: number | undefined): Promise<Call[] | null> {
  if (req.headers['trpc-accept'] !== undefined) return null;
  const query = req.query as Record<string, string | string[] | undefined>;
  if (query.connectionParams !== undefined || Array.isArray(query.input) || Array.isArray(query.batch)) return null;
  const batch = query.batch === '1';
  const paths = batch ? path.split(',') : [path];
  if (maxBatchSize !== undefined && paths.length > maxBatchSize) return null;
  let inputs: unknown;
  try {
    inputs = query.input ? JSON.parse(query.input) : undefined;
  } catch {
    return null;
  }
  if (batch && inputs !== undefined && (typeof inputs !== 'object' || inputs === null)) return null;
  const calls: Call[] = [];
  for (let i = 0; i < paths.length; i++) {
    const procedure = await getProcedureAtPath(router, paths[i]);
    if (procedure?._def.type !== 'query') return null;
    const json = batch ? (inputs as Record<string, unknown> | undefined)?.[i] : inputs;
    calls.push({ path: paths[i], procedure, json });
  }
  return calls;
}

/** Answers a GET of queries as tRPC's resolveResponse does for a JSON (not streamed) call. */
async function answerQueries<R extends AnyTRPCRouter>(opts: TrpcOptions<R>, req: FastifyRequest, reply: FastifyReply, calls: Call[], batch: boolean) {
  const config = opts.router._def._config;
  let ctx: unknown;
  let ctxError: TRPCError | null = null;
  try {
    ctx = await opts.createContext?.({ req, res: reply, info: undefined } as never);
  } catch (cause) {
    ctxError = getTRPCErrorFromUnknown(cause);
  }
  // The inputs are parsed together on the first procedure's demand (its input middleware) and shared, as tRPC does:
  // a malformed input of a batch fails every call that reads its input.
  let inputs: { ok: true; values: unknown[] } | { ok: false; error: unknown } | null = null;
  const readInputs = () => {
    if (!inputs) {
      try {
        inputs = { ok: true, values: calls.map((c) => (c.json === undefined ? undefined : config.transformer.input.deserialize(c.json))) };
      } catch (error) {
        inputs = { ok: false, error };
      }
    }
    return inputs;
  };
  const results = await Promise.all(
    calls.map(async (call, batchIndex) => {
      const getRawInput = async () => {
        const read = readInputs();
        if (!read.ok) throw read.error;
        return read.values[batchIndex];
      };
      try {
        if (ctxError) throw ctxError;
        const data = await call.procedure({ path: call.path, getRawInput, ctx, type: 'query', signal: undefined, batchIndex });
        return { result: { data } };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        const read = inputs as typeof inputs;
        const input = read?.ok ? read.values[batchIndex] : undefined;
        opts.onError?.({ error, path: call.path, input, ctx, type: 'query', req } as never);
        return { error: getErrorShape({ config, ctx, error, input, path: call.path, type: 'query' }) };
      }
    }),
  );
  const untransformed = batch ? results : results[0];
  // Each call as transformTRPCResponse writes it; an answer from the cache (trpc/cached-read.ts) is already the
  // transformer's output as text and goes in as it is.
  const text = (item: (typeof results)[number]) =>
    'result' in item && item.result?.data instanceof CachedAnswer
      ? `{"result":{"data":${item.result.data.text}}}`
      : JSON.stringify(transformTRPCResponse(config, item as never));
  reply
    .code(getHTTPStatusCode(untransformed as never))
    .header('vary', 'trpc-accept, accept')
    .header('content-type', 'application/json')
    .send(batch ? `[${results.map(text).join(',')}]` : text(results[0]));
}

/** Registers tRPC under `prefix`: GETs of queries answered directly, everything else by tRPC's Fastify handler. */
export function registerTrpc<R extends AnyTRPCRouter>(app: FastifyInstance, prefix: string, opts: TrpcOptions<R>) {
  return app.register(async (scope) => {
    // As tRPC's Fastify plugin: bodies reach tRPC as they came.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));
    scope.all(`${prefix}/:path`, async (req, reply) => {
      const { path } = req.params as { path: string };
      const calls = req.method === 'GET' ? await queryCalls(opts.router, req, path, opts.maxBatchSize) : null;
      if (calls) return answerQueries(opts, req, reply, calls, (req.query as { batch?: string }).batch === '1');
      await fastifyRequestHandler({ ...opts, req, res: reply, path });
    });
  });
}
