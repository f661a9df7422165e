// GET /ics/<token>.ics — a calendar feed (issue 19 §4) for Google Calendar, Apple Calendar and Outlook, which send no
// login: the secret URL is the whole proof (gate/calendar-feed.queries.ts). Rate-limited per client address; an unknown,
// revoked or closed feed answers a bare 404. The request log keeps `/ics/…`, never the token (server.ts). The answer is
// private data: never in a shared cache, not indexed, no referrer.
import type { FastifyInstance } from 'fastify';
import { openCalendarFeed } from '../../gate/calendar-feed.queries.ts';
import { RateLimiter } from '../../lib/rate-limit.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { renderFeed } from './calendar-feed.service.ts';

/** newToken(): 32 random bytes as base64url (43 characters); anything else is not a token and costs no lookup. */
const TOKEN_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export function registerCalendarFeedHttp(app: FastifyInstance, deps: AppDeps) {
  const perAddress = new RateLimiter(deps.config.rateLimit.publicPerMin, 60_000);
  app.get<{ Params: { file: string } }>('/ics/:file', async (req, reply) => {
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
    if (!perAddress.hit(req.ip)) return reply.code(429).header('retry-after', '60').type('text/plain; charset=utf-8').send('Too many requests');
    const token = TOKEN_FILE.exec(req.params.file)?.[1];
    const feed = token ? await openCalendarFeed(deps.db, token) : null;
    if (!feed) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const body = await renderFeed(deps, feed);
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="volant.ics"').send(body);
  });
}
