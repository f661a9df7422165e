// The rules of a form's write (lib/use-form-mutation.ts is the React side): validate with the shared schema, send,
// map a refusal's field errors onto the form, and put the answer into the cache by the rule of lib/live.ts — what the
// answer holds is set with setQueryData, the rest of what the write makes stale is invalidated, and the live echo of
// the write is skipped for all of it, so the screen is right with the socket down and refetches once with it up.
import { hashKey, type QueryClient, type QueryFilters, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { type FieldError, issuesToFieldErrors, serverFieldErrors } from './form-errors.ts';
import { expectOwnEcho } from './live-queries.ts';
import { describeError } from './trpc.ts';

/**
 * The answer put into every cached query the filter matches; `update` gets that query's data and key (e.g. a calendar
 * window's bounds). An `exact` filter's key is set even when it is not cached yet.
 */
export interface CachePut {
  filter: QueryFilters;
  update: (old: unknown, queryKey: QueryKey) => unknown;
}

export interface FormWrite<S extends z.ZodType, TData> {
  /** The shared zod schema, the same one the procedure parses its input with. */
  schema: S;
  /** `values` are the form's values as the schema took them: for a procedure that parses them itself (koruny the schema turns into haléře). */
  send: (input: z.output<S>, values: z.input<S>) => Promise<TData>;
  /**
   * What the write makes stale: its feature's live reaction to the message the write publishes (`<feature>.live.ts`).
   * Called before sending (no answer yet: the echoes to skip) and again with the answer (what to update or refetch).
   */
  writes?: (input: z.output<S>, answer?: TData) => QueryFilters[];
  /** Where the answer goes as it is; those queries are not refetched. */
  puts?: (answer: TData, input: z.output<S>) => CachePut[];
  /** The success message. */
  success?: string | ((answer: TData, input: z.output<S>) => string);
  /** Where the input sits in the form when it is nested (e.g. ['info']). */
  fieldPrefix?: (string | number)[];
}

export type FormOutcome<TData> = { status: 'invalid' } | { status: 'saved'; answer: TData } | { status: 'refused'; error: unknown; message: string };

export interface FormDeps {
  form: { setFields(fields: FieldError[]): void };
  queryClient: QueryClient;
  success(text: string): void;
  /**
   * Called once the values parsed, just before sending: the form shows 'saving' from here. An invalid submit never
   * reports it, so the button does not flash antd's loading icon (its leave motion, started before the enter motion ran,
   * can stay in the button and name it 'loading …').
   */
  sending?(): void;
}

const keyOf = (filter: QueryFilters) => (filter.queryKey && !filter.predicate ? hashKey(filter.queryKey) : null);

/** Registers the echo of each plain filter once; returns the cancel of all of them. */
function expectEchoes(filters: QueryFilters[], seen: Set<string>): () => void {
  const cancels: (() => void)[] = [];
  for (const filter of filters) {
    const key = keyOf(filter);
    if (key === null || seen.has(key)) continue;
    seen.add(key);
    cancels.push(expectOwnEcho(filter.queryKey as QueryKey));
  }
  return () => {
    for (const cancel of cancels) cancel();
  };
}

/** Sets the answer where it belongs, then invalidates the rest of the written queries (the ones not set). */
export function applyAnswer(queryClient: QueryClient, puts: CachePut[], writes: QueryFilters[]): Promise<void> {
  const set = new Set<string>();
  for (const put of puts) {
    const queries = queryClient.getQueryCache().findAll(put.filter);
    for (const query of queries) queryClient.setQueryData(query.queryKey, put.update(query.state.data, query.queryKey));
    // An exact key is set even when nothing reads it yet: a new item's own query (its detail opens from the cache).
    if (queries.length === 0 && put.filter.exact && put.filter.queryKey)
      queryClient.setQueryData(put.filter.queryKey, put.update(undefined, put.filter.queryKey));
    const key = keyOf(put.filter);
    if (key !== null) set.add(key);
  }
  const stale = writes.filter((filter) => {
    const key = keyOf(filter);
    return key === null || !set.has(key);
  });
  return Promise.all(stale.map((filter) => queryClient.invalidateQueries(filter))).then(() => undefined);
}

/** A write outside a form (a removal from a list): on its answer, its feature's live reaction is applied and its echo skipped. */
export function applyWrite(queryClient: QueryClient, writes: QueryFilters[]): Promise<void> {
  expectEchoes(writes, new Set());
  return applyAnswer(queryClient, [], writes);
}

/** Validates, sends and updates the cache; the form shows the field errors of either side. */
export async function submitFormWrite<S extends z.ZodType, TData>(write: FormWrite<S, TData>, values: unknown, deps: FormDeps): Promise<FormOutcome<TData>> {
  const parsed = write.schema.safeParse(values);
  if (!parsed.success) {
    deps.form.setFields(issuesToFieldErrors(parsed.error.issues, write.fieldPrefix));
    return { status: 'invalid' };
  }
  const input = parsed.data as z.output<S>;
  const echoed = new Set<string>();
  const cancelEchoes = expectEchoes(write.writes?.(input) ?? [], echoed);
  let answer: TData;
  deps.sending?.();
  try {
    answer = await write.send(input, values as z.input<S>);
  } catch (error) {
    cancelEchoes(); // a refused write publishes nothing
    const { message, fieldErrors } = describeError(error);
    const fields = serverFieldErrors(fieldErrors, write.fieldPrefix);
    if (fields.length > 0) deps.form.setFields(fields);
    return { status: 'refused', error, message };
  }
  const written = write.writes?.(input, answer) ?? [];
  expectEchoes(written, echoed); // queries named only by the answer (a new item's own key)
  void applyAnswer(deps.queryClient, write.puts?.(answer, input) ?? [], written);
  if (write.success) deps.success(typeof write.success === 'string' ? write.success : write.success(answer, input));
  return { status: 'saved', answer };
}
