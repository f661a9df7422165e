// A live message that arrives while a screen's first read is still on its way (issue found by the Výcvik tab journey):
// the read may have been answered before the change, so it must be asked again, not joined.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfterChange } from './live-queries.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A shown query whose first read is answered only when the test says, with what the server had before the change. */
function firstReadInFlight() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const answers = [deferred<string[]>(), deferred<string[]>()];
  let calls = 0;
  const observer = new QueryObserver(client, { queryKey: ['rides', 'student-1'], queryFn: () => answers[calls++]?.promise ?? Promise.resolve(['?']) });
  const unsubscribe = observer.subscribe(() => {});
  return { client, answers, calls: () => calls, unsubscribe };
}

describe('invalidateAfterChange', () => {
  it('asks a first read in flight again, so the screen shows the change', async () => {
    const { client, answers, calls, unsubscribe } = firstReadInFlight();
    expect(calls()).toBe(1);
    const done = invalidateAfterChange(client, { queryKey: ['rides'] });
    answers[0]?.resolve([]); // the first read, answered before the ride was saved
    answers[1]?.resolve(['ride']);
    await done;
    await new Promise((r) => setTimeout(r, 0));
    expect(calls()).toBe(2);
    expect(client.getQueryData(['rides', 'student-1'])).toEqual(['ride']);
    unsubscribe();
  });

  it('(why) TanStack alone joins the invalidation to the first read and keeps its old answer', async () => {
    const { client, answers, calls, unsubscribe } = firstReadInFlight();
    const done = client.invalidateQueries({ queryKey: ['rides'] });
    answers[0]?.resolve([]);
    await done;
    expect(calls()).toBe(1);
    expect(client.getQueryData(['rides', 'student-1'])).toEqual([]);
    unsubscribe();
  });

  it('a query that has data is read again once, as before', async () => {
    const { client, answers, calls, unsubscribe } = firstReadInFlight();
    answers[0]?.resolve(['old']);
    await new Promise((r) => setTimeout(r, 0));
    const done = invalidateAfterChange(client, { queryKey: ['rides'] });
    answers[1]?.resolve(['old', 'new']);
    await done;
    expect(calls()).toBe(2);
    expect(client.getQueryData(['rides', 'student-1'])).toEqual(['old', 'new']);
    unsubscribe();
  });
});
