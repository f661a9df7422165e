import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.ts';

describe('TRUST_PROXY', () => {
  it('is off by default and with 0', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
  });

  it('takes a number of hops or proxy addresses, never "trust everything"', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.2, 10.1.0.0/16,loopback')).toEqual(['10.0.0.2', '10.1.0.0/16', 'loopback']);
    expect(parseTrustProxy('true')).toBeUndefined();
    expect(parseTrustProxy('evil.example.com')).toBeUndefined();
    expect(() => loadConfig({ TRUST_PROXY: 'true' } as NodeJS.ProcessEnv)).toThrow(/TRUST_PROXY: must be a number of proxy hops/);
  });
});

describe('SEED_DEMO', () => {
  it('seeds the demo only on the embedded database unless told otherwise', () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).seedDemo).toBe('auto');
    expect(loadConfig({ SEED_DEMO: '0' } as NodeJS.ProcessEnv).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '1' } as NodeJS.ProcessEnv).seedDemo).toBe(true);
  });
});
