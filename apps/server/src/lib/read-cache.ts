// The answer cache of the hot reads (docs/decisions/0012-answer-cache.md): a school's calendar week, its Výcviky
// page, a student's rides, the owing list, the students page, an exam term — each answer kept as the bytes the wire
// carries, per school, caller and input, and dropped the moment any write to that school commits.
//
// Correctness before speed, as lib/session-cache.ts, whose LISTEN connection it shares:
// - What drops a school's answers: a trigger on every table a cached answer may read (migration 0020) notifies
//   `{ kind: 'reads', schoolId }` on the session cache's channel; PostgreSQL delivers it on commit, to every
//   instance, whoever wrote (the app, the operator CLI, psql) and never after a rollback. A write that records an
//   event (events/record.ts) also drops this instance's answers synchronously after commit and waits for the other
//   instances to confirm, as a session change does, so the writer's next read is fresh on any instance.
// - A read that was under way while its school changed is not stored (the school's generation), so an answer read
//   before a write committed cannot be put back after the write's notification dropped it.
// - While the LISTEN connection is not listening the cache is off and empty (fail closed, with the session cache).
//   On PGlite the database's own notifications are delivered on its thread before the commit returns (one process,
//   nobody else writes), so the cache is on from the start.
// - Answers that depend on the clock carry the school's day in their key (cachedRead); an entry lives at most the TTL.
// - The cache sits below the procedure ladder: every call is proven (session, membership, permission, the school not
//   blocked) before an answer is looked up, and the key names the caller.
import { parseChange, SESSION_CACHE_CHANNEL, type SessionCacheChange } from './session-cache.ts';

/** An answer as the wire carries it: the superjson `{ json, meta }` of the procedure's result, as JSON text. */
export class CachedAnswer {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

interface Entry {
  answer: CachedAnswer;
  schoolId: string;
  generation: number;
  /** Clock time after which the entry is not used. */
  until: number;
}

export interface ReadCacheOptions {
  /** How long an answer is used at most (default 60 s). */
  ttlMs?: number;
  /** Bound on the answers' text, in characters; the least recently used go first (default 32 M). */
  maxChars?: number;
  clock?: () => number;
}

/** What `begin()` saw: an answer read after it is stored only if neither changed. */
export interface ReadTicket {
  epoch: number;
  generation: number;
}

export class ReadCache {
  readonly ttlMs: number;
  readonly maxChars: number;
  private readonly clock: () => number;
  private readonly entries = new Map<string, Entry>();
  private readonly keysOfSchool = new Map<string, Set<string>>();
  /** Per school, bumped by each of its changes. */
  private readonly generations = new Map<string, number>();
  /** Bumped by a change of every school and by every switch. */
  private epoch = 0;
  private chars = 0;
  private on = false;

  constructor(opts: ReadCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.maxChars = opts.maxChars ?? 32 * 1024 * 1024;
    this.clock = opts.clock ?? Date.now;
  }

  get enabled() {
    return this.on;
  }

  get size() {
    return this.entries.size;
  }

  enable() {
    this.epoch++;
    this.on = true;
  }

  disable() {
    this.on = false;
    this.clear();
  }

  clear() {
    this.epoch++;
    this.entries.clear();
    this.keysOfSchool.clear();
    this.chars = 0;
  }

  /** Drops a school's answers (a write to it committed); null: every school's. */
  drop(schoolId: string | null) {
    if (schoolId === null) return this.clear();
    this.generations.set(schoolId, (this.generations.get(schoolId) ?? 0) + 1);
    const keys = this.keysOfSchool.get(schoolId);
    if (!keys) return;
    this.keysOfSchool.delete(schoolId);
    for (const key of keys) this.remove(key);
  }

  /** Whether any answer of the school is kept (diagnosis and tests: a write that no read shows). */
  holds(schoolId: string): boolean {
    return (this.keysOfSchool.get(schoolId)?.size ?? 0) > 0;
  }

  /** The listener's entry point (shared with the session cache): only `reads` changes concern answers. */
  invalidate(change: SessionCacheChange) {
    if (change.kind === 'reads') this.drop(change.schoolId);
  }

  get(key: string, schoolId: string): CachedAnswer | undefined {
    if (!this.on) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.clock() || entry.schoolId !== schoolId || entry.generation !== (this.generations.get(schoolId) ?? 0)) {
      this.remove(key);
      return undefined;
    }
    // Most recently used goes last (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  /** Call before reading the database; pass the ticket to `put`. */
  begin(schoolId: string): ReadTicket {
    return { epoch: this.epoch, generation: this.generations.get(schoolId) ?? 0 };
  }

  /** Stores an answer read after `begin()`, unless the school changed since (or the cache switched). */
  put(key: string, schoolId: string, ticket: ReadTicket, answer: CachedAnswer) {
    if (!this.on || ticket.epoch !== this.epoch || ticket.generation !== (this.generations.get(schoolId) ?? 0)) return;
    if (answer.text.length > this.maxChars / 4) return;
    this.remove(key);
    this.entries.set(key, { answer, schoolId, generation: ticket.generation, until: this.clock() + this.ttlMs });
    this.chars += answer.text.length;
    const keys = this.keysOfSchool.get(schoolId) ?? new Set<string>();
    this.keysOfSchool.set(schoolId, keys);
    keys.add(key);
    while (this.chars > this.maxChars) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.answer.text.length;
    this.keysOfSchool.get(entry.schoolId)?.delete(key);
  }
}

/**
 * On PGlite: the answers follow the database's own notifications (migration 0020's triggers), which its thread
 * delivers before the statement that caused them returns (packages/db pglite-proxy.ts). On from the moment the
 * subscription is in place; returns the unsubscribe.
 */
export async function followPgliteWrites(cache: ReadCache, listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>) {
  const unlisten = await listen(SESSION_CACHE_CHANNEL, (payload) => {
    const change = parseChange(payload);
    if (change) cache.invalidate(change);
    else cache.clear();
  });
  cache.enable();
  return async () => {
    cache.disable();
    await unlisten();
  };
}
