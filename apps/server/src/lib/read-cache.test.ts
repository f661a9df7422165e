import { describe, expect, it } from 'vitest';
import { CachedAnswer, ReadCache } from './read-cache.ts';

const answer = (text: string) => new CachedAnswer(text);

function onCache(opts: ConstructorParameters<typeof ReadCache>[0] = {}) {
  const cache = new ReadCache(opts);
  cache.enable();
  return cache;
}

describe('ReadCache', () => {
  it('keeps an answer per key, and nothing while it is off', () => {
    const cache = new ReadCache();
    cache.put('k', 's1', cache.begin('s1'), answer('{"a":1}'));
    expect(cache.get('k', 's1')).toBeUndefined();
    cache.enable();
    cache.put('k', 's1', cache.begin('s1'), answer('{"a":1}'));
    expect(cache.get('k', 's1')?.text).toBe('{"a":1}');
    expect(cache.get('k', 's2')).toBeUndefined();
    cache.disable();
    expect(cache.size).toBe(0);
  });

  it('drops a school’s answers on its change, and only that school’s', () => {
    const cache = onCache();
    cache.put('a', 's1', cache.begin('s1'), answer('1'));
    cache.put('b', 's2', cache.begin('s2'), answer('2'));
    cache.invalidate({ kind: 'reads', schoolId: 's1' });
    expect(cache.get('a', 's1')).toBeUndefined();
    expect(cache.get('b', 's2')?.text).toBe('2');
    cache.invalidate({ kind: 'session', sessionId: 'x' });
    expect(cache.get('b', 's2')?.text).toBe('2');
    cache.invalidate({ kind: 'reads', schoolId: null });
    expect(cache.size).toBe(0);
  });

  it('does not store an answer read while its school changed (the read began before the write committed)', () => {
    const cache = onCache();
    const ticket = cache.begin('s1');
    const other = cache.begin('s2');
    cache.drop('s1');
    cache.put('a', 's1', ticket, answer('stale'));
    expect(cache.get('a', 's1')).toBeUndefined();
    // Another school's read is not concerned.
    cache.put('b', 's2', other, answer('fresh'));
    expect(cache.get('b', 's2')?.text).toBe('fresh');
    // Nor is one begun after the change.
    cache.put('a', 's1', cache.begin('s1'), answer('new'));
    expect(cache.get('a', 's1')?.text).toBe('new');
    // A switch off and on between begin and put: nothing stored either.
    const before = cache.begin('s1');
    cache.disable();
    cache.enable();
    cache.put('c', 's1', before, answer('x'));
    expect(cache.get('c', 's1')).toBeUndefined();
  });

  it('uses an answer for its TTL at most, and keeps the text under its bound, least recently used out first', () => {
    let now = 1_000;
    const cache = onCache({ ttlMs: 100, maxChars: 40, clock: () => now });
    cache.put('a', 's', cache.begin('s'), answer('aaaaaaaaaa'));
    cache.put('b', 's', cache.begin('s'), answer('bbbbbbbbbb'));
    cache.put('c', 's', cache.begin('s'), answer('cccccccccc'));
    expect(cache.get('a', 's')?.text).toBe('aaaaaaaaaa');
    cache.put('d', 's', cache.begin('s'), answer('dddddddddd'));
    cache.put('e', 's', cache.begin('s'), answer('eeeeeeeeee'));
    // b was the least recently used.
    expect(cache.get('b', 's')).toBeUndefined();
    expect(cache.size).toBe(4);
    // An answer over a quarter of the bound is never kept.
    cache.put('big', 's', cache.begin('s'), answer('x'.repeat(11)));
    expect(cache.get('big', 's')).toBeUndefined();
    now += 100;
    expect(cache.get('a', 's')).toBeUndefined();
  });
});
