// The gate's cache on its own: what it keeps, for how long, what each change drops, and that it never stores an
// answer read while an invalidation happened, nor anything while it is off.
import { describe, expect, it } from 'vitest';
import { type GateAnswer, parseChange, SessionCache } from './session-cache.ts';

const NOW = new Date('2026-11-23T10:00:00Z');

function answer(sessionId: string, userId: string, opts: { expiresAt?: Date; isBlocked?: boolean } = {}): GateAnswer {
  return {
    session: { id: sessionId, user: { id: userId, email: `${userId}@example.cz`, firstName: 'A', lastName: 'B', role: 'USER', activeSchoolId: null } },
    membership: { memberId: `m-${userId}`, role: 'TEACHER', isBlocked: opts.isBlocked ?? false },
    expiresAt: opts.expiresAt ?? new Date(NOW.getTime() + 86_400_000),
  };
}

function cacheAt(opts: { ttlMs?: number; maxEntries?: number } = {}) {
  let time = 1_000;
  const cache = new SessionCache({ ...opts, clock: () => time });
  cache.enable();
  return { cache, advance: (ms: number) => (time += ms) };
}

function store(cache: SessionCache, hash: string, schoolId: string, a: GateAnswer) {
  cache.put(hash, schoolId, cache.begin(), a);
}

describe('session cache', () => {
  it('keeps a positive answer per token hash and school, for its TTL and no longer than the session', () => {
    const { cache, advance } = cacheAt({ ttlMs: 30_000 });
    const a = answer('s1', 'u1', { expiresAt: new Date(NOW.getTime() + 60_000) });
    store(cache, 'h1', 'school-1', a);
    expect(cache.get('h1', 'school-1', NOW)).toBe(a);
    expect(cache.get('h1', 'school-2', NOW)).toBeUndefined();
    expect(cache.get('h2', 'school-1', NOW)).toBeUndefined();
    // The session runs out before the TTL does.
    expect(cache.get('h1', 'school-1', new Date(NOW.getTime() + 60_000))).toBeUndefined();
    store(cache, 'h1', 'school-1', a);
    advance(29_999);
    expect(cache.get('h1', 'school-1', NOW)).toBe(a);
    advance(1);
    expect(cache.get('h1', 'school-1', NOW)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry beyond its bound', () => {
    const { cache } = cacheAt({ maxEntries: 2 });
    store(cache, 'h1', 's', answer('s1', 'u1'));
    store(cache, 'h2', 's', answer('s2', 'u2'));
    expect(cache.get('h1', 's', NOW)).toBeDefined(); // h2 is now the least recently used
    store(cache, 'h3', 's', answer('s3', 'u3'));
    expect(cache.size).toBe(2);
    expect(cache.get('h2', 's', NOW)).toBeUndefined();
    expect(cache.get('h1', 's', NOW)).toBeDefined();
    expect(cache.get('h3', 's', NOW)).toBeDefined();
  });

  it('drops exactly what each change names', () => {
    const { cache } = cacheAt();
    const fill = () => {
      cache.clear();
      store(cache, 'u1-login1', 'school-A', answer('s1', 'u1'));
      store(cache, 'u1-login1', 'school-B', answer('s1', 'u1'));
      store(cache, 'u1-login2', 'school-A', answer('s2', 'u1'));
      store(cache, 'u2-login3', 'school-A', answer('s3', 'u2'));
      store(cache, 'u2-login3', 'school-B', answer('s3', 'u2'));
    };
    const left = () =>
      [
        ['u1-login1', 'school-A'],
        ['u1-login1', 'school-B'],
        ['u1-login2', 'school-A'],
        ['u2-login3', 'school-A'],
        ['u2-login3', 'school-B'],
      ]
        .filter(([h, s]) => cache.get(h, s, NOW))
        .map(([h, s]) => `${h}@${s}`);

    fill();
    cache.invalidate({ kind: 'session', sessionId: 's1' });
    expect(left()).toEqual(['u1-login2@school-A', 'u2-login3@school-A', 'u2-login3@school-B']);
    fill();
    cache.invalidate({ kind: 'user', userId: 'u1' });
    expect(left()).toEqual(['u2-login3@school-A', 'u2-login3@school-B']);
    fill();
    cache.invalidate({ kind: 'member', userId: 'u1', schoolId: 'school-A' });
    expect(left()).toEqual(['u1-login1@school-B', 'u2-login3@school-A', 'u2-login3@school-B']);
    fill();
    cache.invalidate({ kind: 'school', schoolId: 'school-B' });
    expect(left()).toEqual(['u1-login1@school-A', 'u1-login2@school-A', 'u2-login3@school-A']);
  });

  it('does not store an answer read while anything was invalidated (it may predate the revocation)', () => {
    const { cache } = cacheAt();
    const epoch = cache.begin();
    // …the database is asked; meanwhile an unrelated or related change arrives…
    cache.invalidate({ kind: 'session', sessionId: 'some-other' });
    cache.put('h1', 's', epoch, answer('s1', 'u1'));
    expect(cache.get('h1', 's', NOW)).toBeUndefined();
    // A lookup begun afterwards is stored.
    store(cache, 'h1', 's', answer('s1', 'u1'));
    expect(cache.get('h1', 's', NOW)).toBeDefined();
  });

  it('is off until enabled, and turning off empties it and spoils lookups under way (fail closed)', () => {
    const cache = new SessionCache();
    store(cache, 'h1', 's', answer('s1', 'u1'));
    expect(cache.get('h1', 's', NOW)).toBeUndefined();
    cache.enable();
    store(cache, 'h1', 's', answer('s1', 'u1'));
    const epoch = cache.begin();
    cache.disable();
    expect(cache.size).toBe(0);
    expect(cache.get('h1', 's', NOW)).toBeUndefined();
    cache.enable();
    cache.put('h2', 's', epoch, answer('s2', 'u2'));
    expect(cache.get('h2', 's', NOW)).toBeUndefined();
    expect(cache.get('h1', 's', NOW)).toBeUndefined();
  });

  it('reads only well-formed notifications', () => {
    expect(parseChange('{"kind":"session","sessionId":"x"}')).toEqual({ kind: 'session', sessionId: 'x' });
    expect(parseChange('{"kind":"member","userId":"u","schoolId":"s","extra":1}')).toEqual({ kind: 'member', userId: 'u', schoolId: 's' });
    expect(parseChange('{"kind":"member","userId":"u"}')).toBeNull();
    expect(parseChange('{"kind":"school"}')).toBeNull();
    expect(parseChange('not json')).toBeNull();
    expect(parseChange(undefined)).toBeNull();
  });

  it('knows a token live from a stored answer or a session lookup, for the TTL, until its session or user is ended', () => {
    const { cache, advance } = cacheAt({ ttlMs: 30_000 });
    expect(cache.knowsToken('h1', NOW)).toBe(false);
    store(cache, 'h1', 'school-1', answer('s1', 'u1'));
    expect(cache.knowsToken('h1', NOW)).toBe(true);
    cache.rememberToken('h2', cache.begin(), { id: 's2', user: { id: 'u2' } });
    expect(cache.knowsToken('h2', NOW)).toBe(true);
    // A lookup that saw an invalidation happen stores nothing.
    const epoch = cache.begin();
    cache.invalidate({ kind: 'school', schoolId: 'school-9' });
    cache.rememberToken('h3', epoch, { id: 's3', user: { id: 'u3' } });
    expect(cache.knowsToken('h3', NOW)).toBe(false);
    // A school's or a membership's change leaves the login alive; ending the session or the user's logins does not.
    cache.invalidate({ kind: 'member', userId: 'u1', schoolId: 'school-1' });
    expect(cache.knowsToken('h1', NOW)).toBe(true);
    cache.invalidate({ kind: 'session', sessionId: 's1' });
    expect(cache.knowsToken('h1', NOW)).toBe(false);
    cache.invalidate({ kind: 'user', userId: 'u2' });
    expect(cache.knowsToken('h2', NOW)).toBe(false);
    cache.rememberToken('h4', cache.begin(), { id: 's4', user: { id: 'u4' } });
    advance(30_000);
    expect(cache.knowsToken('h4', NOW)).toBe(false);
    cache.rememberToken('h5', cache.begin(), { id: 's5', user: { id: 'u5' } });
    cache.disable();
    cache.enable();
    expect(cache.knowsToken('h5', NOW)).toBe(false);
  });
});
