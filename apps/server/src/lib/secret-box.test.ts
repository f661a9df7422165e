import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'volant-secret-'));

describe('the secret box', () => {
  it('seals and opens; the same text seals differently each time; a legacy plaintext opens as it is, marked unsealed', () => {
    const box = createSecretBox({ secret: 'a-long-enough-secret', file: join(dir(), 'secret.key') });
    const a = box.seal('MC4CAQAwBQYDK2VwBCIEI…');
    const b = box.seal('MC4CAQAwBQYDK2VwBCIEI…');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toBe(b);
    expect(box.open(a)).toEqual({ plaintext: 'MC4CAQAwBQYDK2VwBCIEI…', sealed: true });
    expect(box.open('MC4CAQAwBQYDK2Vw')).toEqual({ plaintext: 'MC4CAQAwBQYDK2Vw', sealed: false });
  });

  it('refuses a sealed value altered by one character, or opened under another secret', () => {
    const file = join(dir(), 'secret.key');
    const box = createSecretBox({ secret: 'a-long-enough-secret', file });
    const sealed = box.seal('soukromý klíč');
    // A character in the middle (the last one may only carry padding bits).
    const i = Math.floor(sealed.length / 2);
    expect(() => box.open(`${sealed.slice(0, i)}${sealed[i] === 'A' ? 'B' : 'A'}${sealed.slice(i + 1)}`)).toThrow();
    expect(() => createSecretBox({ secret: 'another-long-secret', file }).open(sealed)).toThrow();
    expect(() => box.open('v1:AAAA')).toThrow('too short');
  });

  it('without SECRET_KEY makes a key file once (0600) and reads it after, as another instance on the same folder does', () => {
    const file = join(dir(), 'nested', 'secret.key');
    const sealed = createSecretBox({ secret: null, file }).seal('klíč');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(createSecretBox({ secret: null, file }).open(sealed).plaintext).toBe('klíč');
    // SECRET_KEY wins over the file: a box with a secret does not open what the file's key sealed.
    expect(() => createSecretBox({ secret: 'a-long-enough-secret', file }).open(sealed)).toThrow();
  });
});
