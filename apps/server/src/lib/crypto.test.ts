import { describe, expect, it } from 'vitest';
import { DUMMY_PASSWORD_HASH, hashPassword, hashToken, newToken, verifyPassword } from './crypto.ts';

describe('passwords and tokens', () => {
  it('verifies a scrypt hash and refuses a wrong password', async () => {
    const hash = await hashPassword('Heslo123!');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('Heslo123!', hash)).toBe(true);
    expect(await verifyPassword('heslo123!', hash)).toBe(false);
  });

  it('the dummy hash never matches, so unknown e-mails cost the same and fail', async () => {
    expect(await verifyPassword('', DUMMY_PASSWORD_HASH)).toBe(false);
  });

  it('tokens are 32 random bytes and only their hash is stored', () => {
    const token = newToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken(token)).toBe(hashToken(token));
  });
});
