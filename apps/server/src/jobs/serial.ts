// One pass at a time over a row queue (the PDF jobs, the mail outbox): a call during a pass makes one more pass after
// it, so rows written meanwhile are not left for the next wake-up; callers share the pass and never see its errors.
export interface SerialPasses {
  /** Runs a pass (or joins the one in progress and then one more) and resolves when no pass is left. */
  run(): Promise<void>;
  /** No new pass; waits for the one in progress. */
  stop(): Promise<void>;
}

export function serialPasses(pass: () => Promise<void>, onError: (err: unknown) => void): SerialPasses {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  return {
    run() {
      if (stopped) return Promise.resolve();
      again = true;
      if (running) return running;
      running = (async () => {
        try {
          while (again && !stopped) {
            again = false;
            try {
              await pass();
            } catch (err) {
              // The database may be away; the next job (a wake-up or the sweep) tries again.
              onError(err);
            }
          }
        } finally {
          // Cleared in the same tick as the last check of `again`, so a call arriving now starts a new pass.
          running = null;
        }
      })();
      return running;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
