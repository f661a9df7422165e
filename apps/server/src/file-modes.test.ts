// Files that hold personal data or secrets are the server user's alone, whatever the umask (issue 17 item 13):
// the outbox's .eml files (password-reset links) and the generated PDFs, each 0600 in a folder 0700.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from './mail/mailer.ts';
import { createFileStorage, filesDir } from './pdf/storage.ts';

const mode = (path: string) => statSync(path).mode & 0o777;
let dataDir = '';
let umask = 0;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'volant-modes-'));
  // The most permissive umask: nothing but our own modes keeps the files private.
  umask = process.umask(0o000);
});

afterEach(() => {
  process.umask(umask);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('private file modes', () => {
  it('writes outbox mails 0600 in a folder 0700', async () => {
    const mailer = createMailer({ from: 'Volant <volant@example.cz>', dataDir, log: { info() {}, error() {} } });
    await mailer.send({ to: 'jana@example.cz', subject: 'Obnova hesla', text: 'https://volant.test/reset-password-confirm/secret', html: '<p>x</p>' });
    const dir = mailer.outboxDir as string;
    expect(mode(dir)).toBe(0o700);
    const [file] = readdirSync(dir);
    expect(mode(join(dir, file))).toBe(0o600);
  });

  it('writes PDFs 0600 in folders 0700', async () => {
    const schoolId = randomUUID();
    const { filePath } = await createFileStorage(dataDir).put(schoolId, randomUUID(), new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    expect(mode(filesDir(dataDir))).toBe(0o700);
    expect(mode(join(filesDir(dataDir), schoolId))).toBe(0o700);
    expect(mode(join(filesDir(dataDir), filePath))).toBe(0o600);
  });
});
