import { describe, expect, it } from 'vitest';
import { bootFailureOutcome, readBootSnapshot, readServerConfig, SNAPSHOT_KEY, saveBootSnapshot, saveServerConfig } from './offline-session.ts';
import type { Me, ServerConfig } from './store.ts';

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const me = { id: 'u1', email: 'ucitel@example.cz', activeSchoolId: 's1', isAccountInitialized: true } as unknown as Me;

describe('the offline boot snapshot', () => {
  it('is read back for the token it was saved with, and for no other session', () => {
    const store = memory();
    saveBootSnapshot('token-of-session-AAAAAAAAAAAA', { me, featureFlags: ['VERSION_2_1'], isGroupBlocked: false }, store, new Date('2026-11-27T18:00:00Z'));
    expect(readBootSnapshot('token-of-session-AAAAAAAAAAAA', store)).toEqual({
      tokenTail: 'AAAAAAAAAAAA',
      me,
      featureFlags: ['VERSION_2_1'],
      isGroupBlocked: false,
      savedAt: '2026-11-27T18:00:00.000Z',
    });
    expect(readBootSnapshot('token-of-session-BBBBBBBBBBBB', store)).toBeNull();
  });

  it('an unreadable or partial snapshot is none', () => {
    const store = memory();
    store.setItem(SNAPSHOT_KEY, '{not json');
    expect(readBootSnapshot('x', store)).toBeNull();
    store.setItem(SNAPSHOT_KEY, JSON.stringify({ tokenTail: 'x' }));
    expect(readBootSnapshot('x', store)).toBeNull();
    expect(readBootSnapshot('x', null)).toBeNull();
  });

  it('keeps the server config for a boot without the server', () => {
    const store = memory();
    expect(readServerConfig(store)).toBeNull();
    const config = { debug: false } as unknown as ServerConfig;
    saveServerConfig(config, store);
    expect(readServerConfig(store)).toEqual(config);
  });
});

describe('a boot whose user load failed', () => {
  it('signs out on the server’s 401, whatever the device keeps', () => {
    expect(bootFailureOutcome('UNAUTHORIZED', true)).toBe('sign-out');
    expect(bootFailureOutcome('UNAUTHORIZED', false)).toBe('sign-out');
  });

  it('starts offline on any other failure when a snapshot of this session exists, signs out as before when none does', () => {
    for (const code of [undefined, 'INTERNAL_SERVER_ERROR', 'TIMEOUT', 'TOO_MANY_REQUESTS']) {
      expect(bootFailureOutcome(code, true), String(code)).toBe('offline');
      expect(bootFailureOutcome(code, false), String(code)).toBe('sign-out');
    }
  });
});
