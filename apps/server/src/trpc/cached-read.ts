// The answer cache's rung (lib/read-cache.ts, docs/decisions/0012-answer-cache.md): after the ladder has proven the
// caller and parsed the input, a hot read answers from the school's cache, or runs and leaves its answer there as
// the bytes the wire carries. Used by the reads that grow with a school's activity:
//
//   getCalendarEvents: schoolProcedure.input(calendarRangeInput).use(cachedRead()).query(…)
//
// The key: the procedure, the school, the caller and their role, the input as parsed, and the school's day (an answer
// that reads the clock — a balance's days overdue — changes at midnight without a write). A read whose answer
// depends on the time of day must not use it, or skip those inputs (`skip`).
import { schoolToday } from '@volant/shared/school-time';
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import { CachedAnswer } from '../lib/read-cache.ts';
import { t } from './init.ts';
import { serializeOutput } from './output-serializer.ts';

interface Caller {
  school?: { id: string; role: string } | null;
  reader?: { school: { id: string; role: string } | null } | null;
  user?: { id: string } | null;
}

export function cachedRead<Input>(opts: { skip?: (input: Input) => boolean } = {}) {
  return t.middleware(async ({ ctx, input, path, next }) => {
    const cache = ctx.readCache;
    const caller = ctx as typeof ctx & Caller;
    const school = caller.school ?? caller.reader?.school ?? null;
    if (!cache?.enabled || !ctx.wireAnswer || !school || !caller.user || opts.skip?.(input as Input)) return next();
    const key = `${path}\n${school.id}\n${caller.user.id}\n${school.role}\n${schoolToday(ctx.now())}\n${JSON.stringify(input)}`;
    const hit = cache.get(key, school.id);
    if (hit) return { ok: true as const, data: hit, marker: middlewareMarker, ctx };
    const ticket = cache.begin(school.id);
    const result = await next();
    if (!result.ok) return result;
    const answer = new CachedAnswer(JSON.stringify(serializeOutput(result.data)));
    cache.put(key, school.id, ticket, answer);
    return { ...result, data: answer };
  });
}
