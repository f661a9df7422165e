// Secrets the database keeps but must not be able to use alone (issue 22 §4: a school's Ed25519 signing key). Sealed
// with AES-256-GCM under the server's secret, which lives outside the database: `SECRET_KEY` when set (several instances
// then share it), otherwise a random key written once to `DATA_DIR/secret.key` (0600). A dump of the database alone
// cannot sign a transfer record in a school's name; a sealed value altered in the database fails to open.
//
// Format: 'v1:' + base64url(12-byte IV ‖ 16-byte tag ‖ ciphertext). A value without the prefix is a legacy plaintext
// (stored before sealing came): `open` returns it as it is and says so, so its owner can seal it on use.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const PREFIX = 'v1:';

export interface SecretBox {
  seal(plaintext: string): string;
  /** The plaintext, and whether the stored value was sealed (false: a legacy plaintext, to be sealed again). */
  open(stored: string): { plaintext: string; sealed: boolean };
}

/** The 32-byte key: SHA-256 of `SECRET_KEY`, or the key file's bytes (made on first use; another instance's wins). */
function loadKey(secret: string | null, file: string): Buffer {
  if (secret) return createHash('sha256').update(secret, 'utf8').digest();
  try {
    return readKeyFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readKeyFile(file);
}

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key (base64)`);
  return key;
}

export function createSecretBox(opts: { secret: string | null; file: string }): SecretBox {
  let key: Buffer | null = null;
  const k = () => {
    key ??= loadKey(opts.secret, opts.file);
    return key;
  };
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', k(), iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return { plaintext: stored, sealed: false };
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      if (raw.length < 28) throw new Error('a sealed secret is too short');
      const decipher = createDecipheriv('aes-256-gcm', k(), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return { plaintext: Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'), sealed: true };
    },
  };
}
