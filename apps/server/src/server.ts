// buildServer(config) → a Fastify instance with the API, the live socket and the web app. Tests use it too.
import { paymentReminderJob } from './features/instalment/instalment.jobs.ts';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { DbHandle } from '@volant/db/client';
import { migrationsFolder } from '@volant/db/migrate';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { sql } from 'drizzle-orm';
import { pipeline } from 'node:stream';
import { ZodError } from 'zod';
import { AppError } from './lib/app-error.ts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Config } from './config.ts';
import { classifyDbError, errorForLog } from './lib/pg-error.ts';
import { RateLimiter } from './lib/rate-limit.ts';
import {
  ANONYMOUS_CALLS_PER_PUBLIC_LIMIT,
  anonymousBodyLimit,
  announcedLength,
  BODY_LIMITS,
  capBody,
  MAX_BATCH_CALLS,
  refusalBody,
  TransportRefusal,
} from './lib/transport-guard.ts';
import { startSessionCache } from './lib/session-cache.ts';
import { followPgliteWrites, ReadCache } from './lib/read-cache.ts';
import { attachSocket } from './live/live.ts';
import { createMailer } from './mail/mailer.ts';
import { createJobRunner } from './jobs/runner.ts';
import type { Clock } from 'pg-boss';
import { mailJob, MAIL_JOB } from './mail/mail.jobs.ts';
import { createMailOutbox } from './mail/outbox.ts';
import { registerFileDownload } from './pdf/download.ts';
import { registerCalendarFeedHttp } from './features/calendar-feed/calendar-feed.http.ts';
import { createPdfWorker, type PdfWorker } from './pdf/jobs.ts';
import { PDF_JOB, pdfJob } from './pdf/pdf.jobs.ts';
import { createThreadRenderer } from './pdf/render-pool.ts';
import { createFileStorage } from './pdf/storage.ts';
import { type AppRouter, appRouter } from './app-router.ts';
import { registerTrpc } from './trpc/http.ts';
import { hasLiveSession } from './trpc/procedures.ts';
import { type AppDeps, bearerToken, createContext } from './trpc/context.ts';
import { MalformedTransportError } from './trpc/transformer.ts';
import { notifyPdfReady } from './features/notification/notify.ts';
import { sessionCleanupJob } from './features/user/session-cleanup.job.ts';
import { reminderJobs } from './features/reminders/reminders.jobs.ts';
import { waitlistJob } from './features/booking/waitlist.jobs.ts';
import { deadlineSweepJob } from './features/deadline/deadline.jobs.ts';
import { RECORD_CHAIN_GENESIS_JOB, recordChainGenesisJob } from './features/record-chain/record-chain.jobs.ts';
import { createPackRunner, inspectionPackJob, type PackRunner } from './features/inspection-pack/inspection-pack.jobs.ts';
import { registerInspectionPackDownload } from './features/inspection-pack/inspection-pack.download.ts';
import {
  applyPageFormId,
  applyPageFrameAncestors,
  registerApplicationFormHttp,
  withFrameAncestors,
} from './features/application-form/application-form.http.ts';

/** How many migrations this build ships (drizzle-kit's journal). */
function countMigrations(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * One consistent policy: nobody may frame the app (CSP frame-ancestors and X-Frame-Options both say so), sockets only
 * to our own origin (CSP3 'self' covers ws/wss of the same host), HSTS only where the app is really served over https.
 */
export function securityHeaders(config: Pick<Config, 'publicUrl' | 'hstsIncludeSubDomains'>) {
  const isHttps = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: isHttps ? [] : null,
      },
    },
    frameguard: { action: 'deny' as const },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: config.hstsIncludeSubDomains } : false,
    crossOriginEmbedderPolicy: false,
  };
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** How long a client may take to send a request, and how many connections one instance holds. */
export interface HttpLimits {
  /** Headers and body must have arrived within this, or the connection is answered 408 and closed. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** A connection with no traffic at all is closed after this (socket.io pings every 25 s, so live sockets stay). */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this; longer than the 60 s idle timeout of common proxies. */
  keepAliveTimeoutMs: number;
  /** How often Node looks for requests over their time (its default, 30 s, would double the request timeout). */
  checkIntervalMs: number;
  /** Further connections are refused while this many are open (a bound on sockets and memory). */
  maxConnections: number;
}

export const HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  idleTimeoutMs: 120_000,
  keepAliveTimeoutMs: 72_000,
  checkIntervalMs: 1_000,
  maxConnections: 10_000,
};

/** /readyz answers within this even when the database does not. */
const READY_TIMEOUT_MS = 2_000;

/** The codes of e-mailed links and the calendar feeds' tokens are secrets: the request log keeps the route, not the code. */
const linkCodeInPath = /^(\/(?:email-confirm|reset-password-confirm|school-invite-confirm|ics)\/)[^/?#]+/i;
/**
 * A student's pass code or a sign-in token (/zak) sent in a GET's input (the pages POST them and tRPC refuses a GET of
 * a mutation, but the refused request is logged too).
 */
const passCodeInQuery = /((?:secretCode|token|choiceToken)%22%3A%22).*?(%22|$)/gi;

/**
 * One access-log line per request, when it is answered (its route, status, time and request id), instead of Fastify's
 * two: the log at info was ~10 % of the throughput of a school read (bench/app-vs-raw.ts). Errors, 404s and stream
 * errors are logged as Fastify does.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** A tRPC error about the request itself (not an input's field, not our AppError): the client sees one Czech message. */
function isTransportRefusal(error: { code: string; cause?: unknown }) {
  if (error.cause instanceof MalformedTransportError) return true;
  return (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') && !(error.cause instanceof ZodError) && !(error.cause instanceof AppError);
}

function transportReason(error: { message: string; cause?: unknown }) {
  return (error.cause instanceof Error ? error.cause.message : error.message).slice(0, 200);
}

/**
 * Before a body is read: an anonymous call (no bearer token) counts against its address's budget and may send its
 * route's small limit only — both refused from the headers alone, the connection closed; a body that comes chunked is
 * cut at its limit. A caller with a token of a live session (the gate's cache, or one lookup, asked only when the body
 * is larger than the anonymous limit) keeps the 2 MB. A token that opens nothing gets the anonymous limit.
 */
function registerTransportGuard(app: FastifyInstance, deps: AppDeps, config: Config) {
  const anonymousCalls = new RateLimiter(ANONYMOUS_CALLS_PER_PUBLIC_LIMIT * config.rateLimit.publicPerMin, 60_000);
  const refuse = (req: FastifyRequest, reply: FastifyReply, status: 413 | 429) =>
    reply.code(status).header('connection', 'close').type('application/json; charset=utf-8').send(refusalBody(req.url, status));

  // A database that is away must not turn a logged-in call into a 500 here: its token keeps the logged-in limit and
  // the procedure answers 503 'Databáze je dočasně nedostupná…' as every call does then.
  const sessionOpens = async (token: string) => {
    try {
      return await hasLiveSession(deps, token);
    } catch (err) {
      if (classifyDbError(err)) return true;
      throw err;
    }
  };

  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || bearerToken(req.headers.authorization)) return;
    const allowed = anonymousCalls.hit(req.ip);
    const length = announcedLength(req.headers['content-length']);
    if (length !== null && length > anonymousBodyLimit(req.routeOptions.url, req.url)) return refuse(req, reply, 413);
    if (!allowed) return refuse(req, reply, 429);
  });

  app.addHook('preParsing', async (req, _reply, payload) => {
    const length = announcedLength(req.headers['content-length']);
    // No body at all (a GET, a POST without one): nothing to limit, and no session lookup for it.
    if (length === 0 || (length === null && req.headers['transfer-encoding'] === undefined)) return payload;
    let limit = anonymousBodyLimit(req.routeOptions.url, req.url);
    if (length !== null && length <= limit) return payload;
    const token = bearerToken(req.headers.authorization);
    if (token && (await sessionOpens(token))) limit = BODY_LIMITS.authenticated;
    if (length !== null && length > limit) throw new TransportRefusal(413);
    // An announced length is binding (Node reads no more, Fastify refuses less); a chunked body is cut at the limit.
    if (length !== null) return payload;
    const capped = capBody(limit);
    pipeline(payload, capped, () => {});
    return capped;
  });

  // Over a limit, also Fastify's own 2 MB: the Czech answer in the client's shape; every other error as Fastify answers it.
  app.setErrorHandler((error, req, reply) => {
    if (error instanceof TransportRefusal || (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuse(req, reply, 413);
    throw error;
  });
}

export async function buildServer(
  config: Config,
  handle: DbHandle,
  opts: {
    now?: () => Date;
    logStream?: { write(line: string): void };
    http?: Partial<HttpLimits>;
    /**
     * The roles this instance plays (main.ts: from ROLE). `api` serves tRPC, file downloads and the web app (health
     * probes and the live socket always run); `worker` runs the PDF job runner. Tests' servers default to the API only.
     */
    roles?: { api?: boolean; worker?: boolean };
    /** The job runner's clock (tests: pg-boss's TestClock, which the app's `now` then follows too). */
    clock?: Clock;
  } = {},
) {
  const roles = { api: opts.roles?.api ?? true, worker: opts.roles?.worker ?? false };
  const limits = { ...HTTP_LIMITS, ...opts.http };
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      serializers: {
        req: (req) => ({
          method: req.method,
          url: req.url?.replace(linkCodeInPath, '$1…').replace(passCodeInQuery, '$1…$2'),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    // A hop count trusts that many proxies in front of us (the client is the address the nearest proxy saw).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Unique across restarts and instances: the id an error message shows the user ('Kód chyby') finds one log line.
    genReqId: () => randomUUID(),
    logController: new OneLineRequestLog(),
    routerOptions: { maxParamLength: 5000 },
    // A logged-in caller's limit; anonymous ones get far less (lib/transport-guard.ts, the hooks below).
    bodyLimit: BODY_LIMITS.authenticated,
    // Without these a client that announces a body and never sends it holds its connection for ever.
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs },
  });
  app.server.maxConnections = limits.maxConnections;
  handle.onConnectionError = (err) => app.log.warn({ err }, 'database connection lost');
  const clock = opts.clock;
  const now = opts.now ?? (clock ? () => new Date(clock.now()) : () => new Date());

  const { io, live } = await attachSocket({ httpServer: app.server, db: handle.db, pool: handle.pool, now, log: app.log });
  // Fastify closes the HTTP server before its onClose hooks run, and that waits for every connection: an open live
  // socket held shutdown until the process was killed. Local sockets only; the others belong to other instances.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });

  // The school gate's cache, on only while this instance hears every other one's invalidations (lib/session-cache.ts).
  // The answer cache of the hot reads beside it, kept in step by the same listener (lib/read-cache.ts); on PGlite it
  // follows the database's own notifications.
  const readCache = config.answerCache ? new ReadCache() : undefined;
  const sessionCache = startSessionCache({ pool: handle.pool, log: app.log, reads: readCache });
  app.addHook('onClose', async () => sessionCache.close());
  if (readCache && !handle.pool && handle.listen) {
    const stop = await followPgliteWrites(readCache, handle.listen);
    app.addHook('onClose', stop);
  }

  // The job runner (jobs/runner.ts): every instance sends; the worker role runs the kinds defined below.
  const jobs = createJobRunner({ handle, log: app.log, work: roles.worker, ...(clock ? { clock } : {}) });
  const deps: AppDeps = {
    db: handle.db,
    config,
    live,
    outbox: createMailOutbox({
      db: handle.db,
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
      log: app.log,
      schedule: (at) => jobs.wake(MAIL_JOB, at),
    }),
    limits: {
      login: new RateLimiter(config.rateLimit.loginPer15Min, 15 * 60_000),
      public: new RateLimiter(config.rateLimit.publicPerMin, 60_000),
    },
    now,
    log: app.log,
    sessionCache: sessionCache.cache,
    readCache,
    jobs,
  };

  // PDF jobs (pdf/jobs.ts): rendered by the worker role, in a thread of its own.
  const storage = createFileStorage(config.dataDir);
  let pdfWorker: PdfWorker | null = null;
  let thread: ReturnType<typeof createThreadRenderer> | null = null;
  if (roles.worker) {
    const renderer = createThreadRenderer();
    thread = renderer;
    pdfWorker = createPdfWorker({
      db: handle.db,
      live,
      storage,
      log: app.log,
      now,
      render: (kind, vm) => renderer.render(kind, vm),
      onDone: (row) => notifyPdfReady(deps, row),
      retryAt: (at) => jobs.wake(PDF_JOB, at),
    });
  }
  // 'Podklady pro kontrolu' (issue 22 §2): built by the worker role, in niced render threads of each pack's own.
  const packRunner: PackRunner | null = roles.worker ? createPackRunner({ db: handle.db, dataDir: config.dataDir, log: app.log, now }) : null;
  // Every kind is defined on every instance, so its queue exists for sends; an API-only instance runs none of them.
  jobs.define(mailJob(deps.outbox));
  jobs.define(pdfJob(pdfWorker ?? { drain: async () => {} }));
  jobs.define(sessionCleanupJob({ db: handle.db, now, log: app.log }));
  for (const definition of reminderJobs(deps)) jobs.define(definition);
  jobs.define(waitlistJob(deps));
  jobs.define(paymentReminderJob(deps));
  jobs.define(deadlineSweepJob(deps));
  jobs.define(inspectionPackJob(packRunner ?? { drain: async () => {} }));
  jobs.define(recordChainGenesisJob(deps));
  await jobs.start();
  // Schools whose record chain has not started get it in the background now, not in a user's first write.
  if (roles.worker) jobs.wake(RECORD_CHAIN_GENESIS_JOB);
  // No new job once shutdown starts; the ones in progress finish (a PDF's lease would hand it to another worker anyway).
  app.addHook('preClose', async () => {
    await jobs.stop();
    await pdfWorker?.stop();
    await packRunner?.stop();
    await deps.outbox.stop();
    await thread?.close();
  });

  // First: a refused request costs no more than its headers (not even the security headers of an answer).
  registerTransportGuard(app, deps, config);
  await app.register(helmet, securityHeaders(config));

  app.get('/healthz', async () => ({ status: 'ok' }));
  const expectedMigrations = countMigrations();
  app.get('/readyz', async (_req, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      // A database that does not answer (blackholed, failing over) must not make the probe itself time out.
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer from the database within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      });
      const result = await Promise.race([handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`), timeout]);
      const applied = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      if (applied < expectedMigrations) return reply.code(503).send({ status: 'migrating', migrations: applied, expected: expectedMigrations });
      return { status: 'ready', migrations: applied };
    } catch (err) {
      app.log.warn({ err }, 'not ready');
      return reply.code(503).send({ status: 'unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });

  if (!roles.api) return { app, deps, pdfWorker, packRunner };

  registerFileDownload(app, deps, storage);
  registerInspectionPackDownload(app, deps, storage);
  registerApplicationFormHttp(app, deps);
  registerCalendarFeedHttp(app, deps);

  await registerTrpc(app, '/api/trpc', {
    router: appRouter,
    // A query may also come as a POST (mutations stay POST-only): the student pass page sends its code in a body.
    allowMethodOverride: true,
    maxBatchSize: MAX_BATCH_CALLS,
    createContext: async ({ req }) => ({ ...(await createContext(deps, req)), wireAnswer: true }),
    onError({ error, path, req }) {
      // Never the raw error nor the input: a Drizzle error's message carries the query's parameters.
      const entry = { reqId: req.id, path, code: error.code, err: errorForLog(error) };
      if (getHTTPStatusCodeFromError(error) >= 500) app.log.error(entry, 'procedure failed');
      else if (classifyDbError(error.cause)) app.log.warn(entry, 'procedure refused by the database');
      // A malformed request answers one Czech message (trpc/init.ts); what was wrong with it is told here only.
      else if (isTransportRefusal(error)) app.log.info({ reqId: req.id, path, code: error.code, reason: transportReason(error) }, 'malformed request refused');
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions']);

  const webDist = config.webDist ?? defaultWebDist;
  if (existsSync(join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Hashed build assets never change; everything else is revalidated.
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.setNotFoundHandler(async (req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/socket.io')) {
        // The student pass (a student's personal data) is not for search engines and sends no referrer.
        if (req.url.startsWith('/student/') || req.url === '/zak' || req.url.startsWith('/zak/') || req.url.startsWith('/zak?'))
          reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
        // The hosted application form may be framed by the form's own sites only (CSP frame-ancestors).
        if (req.url.startsWith('/apply/')) {
          const ancestors = await applyPageFrameAncestors(deps, applyPageFormId(req.url));
          reply.header('content-security-policy', withFrameAncestors(String(reply.getHeader('content-security-policy') ?? ''), ancestors));
          reply.removeHeader('x-frame-options');
        }
        return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ error: 'Not found' });
    });
  } else {
    // Fastify's own 404 logs the URL, and with it the code of an e-mailed link.
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: 'Not found' }));
  }
  return { app, deps, pdfWorker, packRunner };
}
