import { describe, expect, it, vi } from 'vitest';
import { withRetries } from './retry.ts';

describe('withRetries', () => {
  it('returns the first success', async () => {
    const fn = vi.fn().mockRejectedValueOnce(new Error('a')).mockResolvedValueOnce(42);
    const sleep = vi.fn(async () => {});
    await expect(withRetries(fn, { retries: 3, delayMs: 1000, sleep })).resolves.toBe(42);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(1000);
  });

  it('tries once plus three retries, 1 s apart, then throws the last error', async () => {
    let n = 0;
    const fn = vi.fn(async () => {
      n += 1;
      throw new Error(`fail ${n}`);
    });
    const sleep = vi.fn(async () => {});
    await expect(withRetries(fn, { retries: 3, delayMs: 1000, sleep })).rejects.toThrow('fail 4');
    expect(fn).toHaveBeenCalledTimes(4);
    expect(sleep).toHaveBeenCalledTimes(3);
  });

  it('gives up at once when the error is not worth retrying', async () => {
    const fn = vi.fn(async () => {
      throw new Error('UNAUTHORIZED');
    });
    const sleep = vi.fn(async () => {});
    await expect(withRetries(fn, { retries: 3, delayMs: 1000, sleep, shouldRetry: (e) => (e as Error).message !== 'UNAUTHORIZED' })).rejects.toThrow();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });
});
