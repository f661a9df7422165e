// Retrying a call a fixed number of times with a fixed pause (spec §9: server config and user load).

export interface RetryOptions {
  retries: number;
  delayMs: number;
  /** Return false to give up at once (e.g. on UNAUTHORIZED). */
  shouldRetry?: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `fn`, and after a failure up to `retries` more times, `delayMs` apart. Throws the last error. */
export async function withRetries<T>(fn: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? wait;
  let attempt = 0;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= options.retries || (options.shouldRetry && !options.shouldRetry(error))) throw error;
      attempt += 1;
      await sleep(options.delayMs);
    }
  }
}
