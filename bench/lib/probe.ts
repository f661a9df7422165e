// The /healthz probe two benches (pglite-load, pdf-jobs) run beside their load, and the latency summary they print.
export const PROBE_EVERY_MS = 50;
export const PROBE_TIMEOUT_MS = 5_000;

export interface Stats {
  count: number;
  p50: number;
  p99: number;
  max: number;
}
export const stats = (times: number[]): Stats => {
  const s = [...times].sort((a, b) => a - b);
  const pct = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : Number.NaN);
  return { count: s.length, p50: pct(50), p99: pct(99), max: s.length ? s[s.length - 1] : Number.NaN };
};

/** Hits /healthz every PROBE_EVERY_MS (a fresh request each time, not waiting for the previous one) until stopped. */
export function probe(url: string) {
  const times: number[] = [];
  let timeouts = 0;
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const t0 = performance.now();
    const p = fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
      .then(async (res) => {
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`/healthz answered ${res.status}`);
        times.push(performance.now() - t0);
      })
      .catch((err: Error) => {
        if (err.name === 'TimeoutError') timeouts++;
        else throw err;
      })
      .finally(() => pending.delete(p));
    pending.add(p);
  }, PROBE_EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { ...stats(times), timeouts };
    },
  };
}
