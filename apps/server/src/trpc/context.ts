import type { Db } from '@volant/db/client';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Live } from '../live/live.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import type { ReadCache } from '../lib/read-cache.ts';
import type { SessionCache } from '../lib/session-cache.ts';
import { findSessionUser, type SessionUser } from '../gate/session.queries.ts';

/** What every request shares: built once per server. */
export interface AppDeps {
  db: Db;
  config: Config;
  live: Live;
  /** Mail is enqueued in the transaction that causes it; wake the outbox after commit. */
  outbox: MailOutbox;
  limits: { login: RateLimiter; public: RateLimiter };
  now: () => Date;
  /** For what goes wrong outside a request's answer (a follow-up after commit). */
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /**
   * The school gate's cache (lib/session-cache.ts); a server always has one, the router's test callers none (they
   * carry their session, and every lookup goes to the database).
   */
  sessionCache?: SessionCache;
  /** The answer cache of the hot reads (lib/read-cache.ts): a server has one; only its HTTP calls use it (Context). */
  readCache?: ReadCache;
  /** The job runner (jobs/runner.ts): every instance sends jobs; those with the worker role run them. */
  jobs?: JobRunner;
}

export interface Context extends AppDeps {
  /** Client address, for rate limits. */
  ip: string;
  /** Fastify's request id: an internal error quotes it to the user and the log carries it. Absent in tests' callers. */
  reqId?: string;
  token: string | null;
  /** The browser's Origin header of a cross-site-capable request (the public application form checks it); null without one. */
  origin?: string | null;
  /** The Host the request reached us at (the app's own origin, next to config.publicUrl). */
  host?: string | null;
  /**
   * The call's answer is written to the wire by our transformer (an HTTP call), so a cached read may answer with a
   * `CachedAnswer` (trpc/cached-read.ts); a server-side caller gets the procedure's own value.
   */
  wireAnswer?: boolean;
  /** Known up front in tests; otherwise the ladder loads it (school procedures together with the membership). */
  session: { id: string; user: SessionUser } | null;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

/** No query here: public procedures need no session, and school procedures load it with the membership. */
export async function createContext(deps: AppDeps, req: Pick<FastifyRequest, 'headers' | 'ip' | 'id'>): Promise<Context> {
  const origin = req.headers.origin;
  const host = req.headers.host;
  return {
    ...deps,
    ip: req.ip,
    reqId: req.id,
    token: bearerToken(req.headers.authorization),
    session: null,
    origin: typeof origin === 'string' ? origin : null,
    host: typeof host === 'string' ? host : null,
  };
}

export async function loadSession(ctx: Context) {
  if (ctx.session) return ctx.session;
  return ctx.token ? await findSessionUser(ctx.db, ctx.token, ctx.now()) : null;
}
