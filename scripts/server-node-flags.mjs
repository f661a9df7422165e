// The V8 flags the server runs with (`npm start`, and the benches that start it the same way).
//
// --max-semi-space-size=32: a young generation of 32 MB semi-spaces (V8's default is 16 MB on 64-bit). A big read — an
// inspection pack's year of rows, a page at a time — otherwise promoted short-lived rows to the old generation, whose
// collections held the HTTP thread ~100 ms: /healthz p99 while a one-year pack was built went from 62 ms to 45 ms,
// max 109 → 55 ms (bench/inspection-pack.ts, docs/decisions/0027). Costs at most ~64 MB more of the process's memory.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
