// Where a pack's ZIP is written: DATA_DIR/files/<schoolId>/<id>.zip, beside the school's PDFs (pdf/storage.ts) and
// with the same rules — streamed to a temporary name and renamed into place once complete (a reader never sees half a
// ZIP), files 0600 and folders 0700 (students' personal data). Downloads open it through the same FileStorage.
import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { join } from 'node:path';
import { filesDir } from '../../pdf/storage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PackFile {
  /** Where the ZIP is streamed. */
  stream: WriteStream;
  /** After the stream has ended: the file under its final name; the path relative to the files folder and its size. */
  commit(): Promise<{ filePath: string; fileSize: number }>;
  /** Removes the temporary file (a failed build). */
  abort(): Promise<void>;
}

export async function createPackFile(dataDir: string, schoolId: string, id: string): Promise<PackFile> {
  if (!UUID.test(schoolId) || !UUID.test(id)) throw new Error('storage: ids must be uuids');
  const root = filesDir(dataDir);
  const dir = join(root, schoolId);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(root, 0o700);
  await chmod(dir, 0o700);
  const temporary = join(dir, `.${id}.${randomUUID()}.tmp`);
  const stream = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
  const filePath = `${schoolId}/${id}.zip`;
  return {
    stream,
    async commit() {
      await finished(stream);
      await chmod(temporary, 0o600);
      await rename(temporary, join(root, filePath));
      return { filePath, fileSize: (await stat(join(root, filePath))).size };
    },
    async abort() {
      stream.destroy();
      await rm(temporary, { force: true });
    },
  };
}
