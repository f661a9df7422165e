import { TRPCError } from '@trpc/server';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { APP_ERROR_KINDS, type AppErrorCode } from '@volant/shared/errors';
import { classifyDbError, errorForLog } from './pg-error.ts';

/** A driver error as node-postgres and PGlite raise it, wrapped by Drizzle as the app sees it. */
function queryError(fields: Record<string, unknown>, message = 'driver message') {
  return new DrizzleQueryError(
    'insert into "users" ("email", "password_hash") values ($1, $2)',
    ['jana@example.cz', 'scrypt$16384$8$1$c2FsdA'],
    Object.assign(new Error(message), fields),
  );
}

describe('database errors that mean bad input or a database away', () => {
  it.each([
    ['22P05', 'BAD_REQUEST', 'INVALID_TEXT'],
    ['22021', 'BAD_REQUEST', 'INVALID_TEXT'],
    ['22007', 'BAD_REQUEST', 'INVALID_DATE'],
    ['22008', 'BAD_REQUEST', 'INVALID_DATE'],
    ['22001', 'BAD_REQUEST', 'INVALID_INPUT'],
    ['22P02', 'BAD_REQUEST', 'INVALID_INPUT'],
    ['23514', 'BAD_REQUEST', 'INVALID_INPUT'],
    ['23503', 'NOT_FOUND', 'NOT_FOUND'],
    ['23505', 'CONFLICT', 'ALREADY_EXISTS'],
    ['08006', 'SERVICE_UNAVAILABLE', 'DB_UNAVAILABLE'],
    ['08001', 'SERVICE_UNAVAILABLE', 'DB_UNAVAILABLE'],
    ['57P01', 'SERVICE_UNAVAILABLE', 'DB_UNAVAILABLE'],
    ['57P02', 'SERVICE_UNAVAILABLE', 'DB_UNAVAILABLE'],
    ['57P03', 'SERVICE_UNAVAILABLE', 'DB_UNAVAILABLE'],
    ['53300', 'SERVICE_UNAVAILABLE', 'DB_UNAVAILABLE'],
  ])('maps SQLSTATE %s under Drizzle’s wrapper to %s', (code, kind, appCode) => {
    expect(classifyDbError(queryError({ code }))).toBe(appCode);
    expect(classifyDbError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: queryError({ code }) }))).toBe(appCode);
    expect(APP_ERROR_KINDS[appCode as AppErrorCode]).toBe(kind);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'])('maps the network error %s to SERVICE_UNAVAILABLE', (code) => {
    expect(classifyDbError(Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code }))).toBe('DB_UNAVAILABLE');
    const dualStack = new AggregateError([Object.assign(new Error('connect'), { code })], '');
    expect(classifyDbError(dualStack)).toBe('DB_UNAVAILABLE');
  });

  it.each(['Connection terminated unexpectedly', 'Connection terminated due to connection timeout', 'timeout exceeded when trying to connect'])(
    'maps node-postgres’s “%s” to SERVICE_UNAVAILABLE',
    (message) => {
      expect(classifyDbError(new DrizzleQueryError('select 1', [], new Error(message)))).toBe('DB_UNAVAILABLE');
    },
  );

  it('leaves everything else an internal error', () => {
    expect(classifyDbError(queryError({ code: 'P0001' }))).toBeUndefined();
    expect(classifyDbError(queryError({ code: '23502' }))).toBeUndefined();
    expect(classifyDbError(new TypeError('x is undefined'))).toBeUndefined();
    expect(classifyDbError(undefined)).toBeUndefined();
    expect(classifyDbError('boom')).toBeUndefined();
  });
});

describe('errors as they are logged', () => {
  it('keep the SQL text, SQLSTATE and constraint but never the parameters nor the driver’s detail', () => {
    const cause = queryError(
      { code: '23505', constraint: 'users_email_key', table: 'users', detail: 'Key (lower(email))=(jana@example.cz) already exists.' },
      'duplicate key value violates unique constraint "users_email_key"',
    );
    // tRPC copies the cause's message (with the parameters) into its own error.
    const logged = errorForLog(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause }));
    const text = JSON.stringify(logged);
    expect(text).toContain('insert into \\"users\\"');
    expect(text).toContain('"code":"23505"');
    expect(text).toContain('"constraint":"users_email_key"');
    expect(text).toContain('duplicate key value violates unique constraint');
    for (const secret of ['jana@example.cz', 'scrypt$', 'params', 'already exists']) expect(text).not.toContain(secret);
  });

  it('cut the value a data error quotes', () => {
    const text = JSON.stringify(errorForLog(queryError({ code: '22P02' }, 'invalid input syntax for type uuid: "tajná-hodnota"')));
    expect(text).toContain('invalid input syntax for type uuid');
    expect(text).not.toContain('tajná-hodnota');
  });

  it('keep the stack frames but not the message the stack starts with', () => {
    const logged = errorForLog(queryError({ code: 'P0001' }));
    expect(logged.stack).toMatch(/^\s+at /);
    expect(String(logged.stack)).not.toContain('scrypt$');
  });
});
