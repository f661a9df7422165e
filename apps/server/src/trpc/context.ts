import type { Db } from '@volant/db/client';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Live } from '../live/live.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import { findSessionUser, type SessionUser } from '../features/user/session.ts';

/** What every request shares: built once per server. */
export interface AppDeps {
  db: Db;
  config: Config;
  live: Live;
  mailer: Mailer;
  limits: { login: RateLimiter; public: RateLimiter };
  now: () => Date;
}

export interface Context extends AppDeps {
  /** Client address, for rate limits. */
  ip: string;
  token: string | null;
  session: { id: string; user: SessionUser } | null;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

export async function createContext(deps: AppDeps, req: Pick<FastifyRequest, 'headers' | 'ip'>): Promise<Context> {
  const token = bearerToken(req.headers.authorization);
  const session = token ? await findSessionUser(deps.db, token, deps.now()) : null;
  return { ...deps, ip: req.ip, token, session };
}
