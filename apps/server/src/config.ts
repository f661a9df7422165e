// Every setting is an environment variable, validated at start. The README lists them all.
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Volant <noreply@volant.local>'),
  SUPPORT_EMAIL: z.email().default('podpora@volant.local'),
  /** Shown on the Support page; empty: no phone line is offered. */
  SUPPORT_PHONE: z.string().trim().max(40).default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEBUG: bool,
  /** Unset: seed an empty embedded database (a newcomer's demo) but never PostgreSQL; 1/0 forces either way. */
  SEED_DEMO: z.enum(['0', '1', 'true', 'false', '']).optional(),
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  WEB_DIST: z.string().optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** The answer cache of the hot reads (lib/read-cache.ts): `0` turns it off (benches of the uncached path, diagnosis). */
  ANSWER_CACHE: z.enum(['0', '1']).default('1'),
  RATE_LIMIT_LOGIN_PER_15_MIN: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_PUBLIC_PER_MIN: z.coerce.number().int().min(1).default(60),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be a number of proxy hops (e.g. 1) or comma-separated proxy addresses/CIDRs (e.g. 10.0.0.2,loopback); "true" (trust every hop) is refused',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  HSTS_INCLUDE_SUBDOMAINS: bool,
  /**
   * The server's secret sealing what the database keeps but must not use alone (lib/secret-box.ts: the schools' signing
   * keys). Unset: a random key in DATA_DIR/secret.key, made on first use. Several instances: the same value on each.
   */
  SECRET_KEY: z
    .string()
    .min(16, 'must have at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/**
 * What Fastify should trust of X-Forwarded-For. Never `true`: that trusts every hop, so the left-most address, which
 * the client chooses, would become the rate limits' key. A number trusts that many proxies in front of the server;
 * addresses or CIDRs trust exactly those proxies. Off (false) by default: the socket's address is the client.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | undefined {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true') return undefined;
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const isAddress = (e: string) =>
    ['loopback', 'linklocal', 'uniquelocal'].includes(e) || /^[0-9.]+(\/\d{1,2})?$/.test(e) || /^[0-9a-f:]+(\/\d{1,3})?$/i.test(e);
  return entries.length > 0 && entries.every(isAddress) ? entries : undefined;
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE || null,
    logLevel: e.LOG_LEVEL,
    debug: e.DEBUG,
    seedDemo: e.SEED_DEMO === '1' || e.SEED_DEMO === 'true' ? true : e.SEED_DEMO === '0' || e.SEED_DEMO === 'false' ? false : ('auto' as const),
    role: e.ROLE,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    sessionDays: e.SESSION_DAYS,
    answerCache: e.ANSWER_CACHE === '1',
    rateLimit: { loginPer15Min: e.RATE_LIMIT_LOGIN_PER_15_MIN, publicPerMin: e.RATE_LIMIT_PUBLIC_PER_MIN },
    trustProxy: e.TRUST_PROXY,
    hstsIncludeSubDomains: e.HSTS_INCLUDE_SUBDOMAINS,
    secretKey: e.SECRET_KEY ?? null,
    secretKeyFile: join(dataDir, 'secret.key'),
  };
}
