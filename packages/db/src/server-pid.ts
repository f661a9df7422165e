// The embedded database belongs to one process at a time: PGlite takes no lock of its own, so a backup or restore
// while the server runs would read or replace files under a live database. The server marks DATA_DIR while it runs.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function serverPidFile(dataDir: string) {
  return join(dataDir, 'server.pid');
}

/** Writes DATA_DIR/server.pid and removes it when this process exits (a crash leaves a file whose process is gone). */
export function markServerRunning(dataDir: string) {
  const file = serverPidFile(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  process.once('exit', () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // already gone
    }
  });
}

/** The pid of a server still using DATA_DIR, or null when there is none (no file, or its process has ended). */
export function runningServerPid(dataDir: string): number | null {
  const file = serverPidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: the process exists but belongs to another user — still a running server.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
