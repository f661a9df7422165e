// Where generated files live: DATA_DIR/files/<schoolId>/<id>.pdf (an object-storage adapter can take this shape later).
// A file is written under a temporary name and renamed into place, so a reader never sees half a file and a worker
// that dies mid-write leaves no file under the final name. Paths stored in the database are relative to the files
// folder and are resolved back only inside it. The files are students' personal data: readable by the server's user
// only (files 0600, folders 0700, set explicitly so the umask does not decide).
import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

export interface FileStorage {
  /** Stores the bytes; returns the path relative to the files folder. */
  put(schoolId: string, id: string, bytes: Uint8Array): Promise<{ filePath: string; fileSize: number }>;
  /** A stream of a stored file with its size, or null when it is gone (or the path leaves the folder). */
  open(filePath: string): Promise<{ stream: ReadStream; size: number } | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function filesDir(dataDir: string) {
  return resolve(dataDir, 'files');
}

export function createFileStorage(dataDir: string): FileStorage {
  const root = filesDir(dataDir);
  const inside = (relative: string) => {
    const full = resolve(root, relative);
    return full.startsWith(root + sep) ? full : null;
  };
  return {
    async put(schoolId, id, bytes) {
      // Ids come from the database, but a path is built from them: only uuids make one.
      if (!UUID.test(schoolId) || !UUID.test(id)) throw new Error('storage: ids must be uuids');
      const dir = join(root, schoolId);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(root, 0o700);
      await chmod(dir, 0o700);
      const filePath = `${schoolId}/${id}.pdf`;
      const temporary = join(dir, `.${id}.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
        await chmod(temporary, 0o600);
        await rename(temporary, join(root, filePath));
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
      return { filePath, fileSize: bytes.byteLength };
    },
    async open(filePath) {
      const full = inside(filePath);
      if (!full) return null;
      try {
        const info = await stat(full);
        if (!info.isFile()) return null;
        return { stream: createReadStream(full), size: info.size };
      } catch {
        return null;
      }
    },
  };
}
