// The application form's HTTP pieces outside tRPC (issue 11, "another site cannot embed or post to it"):
// - the hosted page /apply/:formId may be framed only by the form's own sites: its CSP frame-ancestors lists them
//   (every other page keeps 'none'), and it sends no X-Frame-Options;
// - a school's own site may call the form directly: GET /api/public/application-forms/:id and POST …/submissions
//   answer with CORS for the form's listed origins only (a foreign Origin gets no CORS headers and a 403). They go
//   through the same procedures as the hosted page (createCaller), so validation, limits and origin rules are one;
// - /embed/application-form.js, the one-line embed (cross-origin loadable).
import { normalizeOrigin } from '@volant/shared/application-form/inputs';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { appRouter } from '../../app-router.ts';
import { httpStatusOf } from '../../lib/app-error.ts';
import { type AppDeps, createContext } from '../../trpc/context.ts';
import { createCallerFactory } from '../../trpc/init.ts';
import { findFormOrigins } from './application-form.queries.ts';
import { EMBED_SCRIPT } from './embed-script.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const createCaller = createCallerFactory(appRouter);

/** The hosted page's path: /apply/<form id> (with an optional query or trailing part). */
export function applyPageFormId(url: string): string | null {
  const m = /^\/apply\/([0-9a-f-]{36})(?:[/?#]|$)/i.exec(url);
  return m && UUID.test(m[1]) ? m[1] : null;
}

/**
 * The stored sites that are sites by today's rule (parseEmbedOrigin): a value stored before it ('https://\'self\'',
 * 'https://data') never reaches a header.
 */
export const siteOrigins = (origins: readonly string[]) => origins.filter((o) => normalizeOrigin(o) === o);

/** CSP frame-ancestors for the hosted page of a form: the app itself and the form's sites; 'none' for no form. */
export async function applyPageFrameAncestors(deps: Pick<AppDeps, 'db'>, formId: string | null): Promise<string> {
  const origins = formId ? await findFormOrigins(deps.db, formId) : null;
  return origins ? ["'self'", ...siteOrigins(origins)].join(' ') : "'none'";
}

/** The page's CSP with its frame-ancestors replaced. */
export function withFrameAncestors(csp: string, ancestors: string): string {
  return /frame-ancestors [^;]*/.test(csp) ? csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`) : `${csp};frame-ancestors ${ancestors}`;
}

function corsFor(reply: FastifyReply, origin: string | undefined, allowed: readonly string[] | null) {
  reply.header('vary', 'Origin');
  if (!origin || !allowed?.includes(origin)) return false;
  reply.header('access-control-allow-origin', origin);
  return true;
}

async function sendProcedureError(reply: FastifyReply, err: unknown) {
  if (!(err instanceof TRPCError)) throw err;
  const status = httpStatusOf(err);
  if (status >= 500) throw err;
  const cause = err.cause;
  if (cause instanceof ZodError) {
    return reply.code(400).send({
      error: 'Zkontrolujte prosím vyplněné údaje.',
      issues: cause.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return reply.code(status).send({ error: err.message });
}

export function registerApplicationFormHttp(app: FastifyInstance, deps: AppDeps) {
  app.get('/embed/application-form.js', async (_req, reply) => {
    return reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(EMBED_SCRIPT);
  });

  const origins = async (req: FastifyRequest<{ Params: { formId: string } }>) =>
    UUID.test(req.params.formId) ? siteOrigins((await findFormOrigins(deps.db, req.params.formId)) ?? []) : null;

  const preflight = async (req: FastifyRequest<{ Params: { formId: string } }>, reply: FastifyReply) => {
    if (!corsFor(reply, req.headers.origin, await origins(req))) return reply.code(403).send();
    return reply
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600')
      .code(204)
      .send();
  };
  app.options<{ Params: { formId: string } }>('/api/public/application-forms/:formId', preflight);
  app.options<{ Params: { formId: string } }>('/api/public/application-forms/:formId/submissions', preflight);

  app.get<{ Params: { formId: string } }>('/api/public/application-forms/:formId', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    corsFor(reply, req.headers.origin, await origins(req));
    if (!UUID.test(req.params.formId)) return reply.code(404).send({ error: 'Přihláškový formulář nebyl nalezen.' });
    try {
      return await createCaller(await createContext(deps, req)).applicationForm.getPublicForm({ formId: req.params.formId });
    } catch (err) {
      return sendProcedureError(reply, err);
    }
  });

  app.post<{ Params: { formId: string } }>('/api/public/application-forms/:formId/submissions', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    corsFor(reply, req.headers.origin, await origins(req));
    if (!UUID.test(req.params.formId)) return reply.code(404).send({ error: 'Přihláškový formulář nebyl nalezen.' });
    const body = req.body && typeof req.body === 'object' ? req.body : {};
    try {
      return await createCaller(await createContext(deps, req)).applicationForm.submitApplication({ ...body, formId: req.params.formId } as never);
    } catch (err) {
      return sendProcedureError(reply, err);
    }
  });
}
