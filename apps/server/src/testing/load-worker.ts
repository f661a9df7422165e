// A load generator in its own thread, so a test's /healthz probe measures the server's event loop and not the
// client's (transport-stall.int.test.ts). Self-contained (Node strips the types; no imports but Node's own): it gets
// its requests in workerData and posts back how they were answered.
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

interface Job {
  base: string;
  port: number;
  connections: number;
  durationMs: number;
  /** Calls with JSON bodies through fetch (keep-alive connections). */
  calls?: { name: string; url: string; body: string; headers: Record<string, string> }[];
  /** The messages an answer to `calls` may carry; any other is reported in `wrong`. */
  allowed?: string[];
  /** Raw requests: a head, then `bodyBytes` bytes, each on a fresh connection. */
  raw?: { heads: string[]; bodyBytes: number };
}

const job = workerData as Job;
const answers: Record<string, number> = {};
const samples: Record<string, string> = {};
const wrong: string[] = [];
let sent = 0;

function count(key: string, sample: string) {
  answers[key] = (answers[key] ?? 0) + 1;
  samples[key] ??= sample.slice(0, 600);
}

async function call(i: number) {
  const c = (job.calls ?? [])[i % (job.calls ?? []).length];
  const res = await fetch(`${job.base}${c.url}`, { method: 'POST', headers: c.headers, body: c.body });
  const text = await res.text();
  let messages: string[];
  try {
    const parsed = JSON.parse(text) as unknown;
    messages = (Array.isArray(parsed) ? parsed : [parsed]).map((e) => (e as { error?: { json?: { message?: string } } }).error?.json?.message ?? 'no error');
  } catch {
    messages = ['not JSON'];
  }
  const refused = res.status >= 400 && res.status < 500 ? true : res.status === 207;
  if (!refused || messages.some((m) => !job.allowed?.includes(m))) wrong.push(`${c.name}: ${res.status} ${text.slice(0, 300)}`);
  count(`${res.status} ${[...new Set(messages)].join(' | ')}`, text);
}

const body = job.raw ? Buffer.alloc(job.raw.bodyBytes, 'a') : Buffer.alloc(0);

function raw(i: number): Promise<void> {
  const heads = job.raw?.heads ?? [];
  const head = heads[i % heads.length];
  return new Promise((resolve) => {
    const socket = net.connect(job.port, '127.0.0.1');
    let answer = Buffer.alloc(0);
    let settled = false;
    const done = (status: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      count(status, answer.toString('utf8'));
      resolve();
    };
    socket.setTimeout(10_000, () => done('timeout'));
    socket.on('data', (chunk: Buffer) => {
      answer = Buffer.concat([answer, chunk]);
      // The whole answer: its head and a body of the length it announces, or its last chunk.
      const text = answer.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      const complete = length ? answer.length >= end + 4 + Number(length) : text.endsWith('0\r\n\r\n');
      if (end > 0 && complete) done(text.slice(9, 12));
    });
    socket.on('error', () => done(answer.toString('latin1').slice(9, 12) || 'reset'));
    socket.on('close', () => done(answer.toString('latin1').slice(9, 12) || 'closed'));
    socket.on('connect', () => {
      socket.write(head);
      socket.write(body);
    });
  });
}

const until = performance.now() + job.durationMs;
const cpu0 = process.cpuUsage();
await Promise.all(
  Array.from({ length: job.connections }, async (_, w) => {
    for (let i = w; performance.now() < until; i += job.connections) {
      try {
        if (job.raw) await raw(i);
        else await call(i);
      } catch (err) {
        count(`failed ${(err as Error).message}`, String(err));
      }
      sent++;
    }
  }),
);
const cpu = process.cpuUsage(cpu0);
parentPort?.postMessage({ sent, answers, samples, wrong: wrong.slice(0, 10), clientCpuMs: (cpu.user + cpu.system) / 1000 });
