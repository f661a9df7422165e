import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { APP_ERROR_KINDS, APP_ERRORS, type AppErrorKind, HTTP_STATUS_OF_KIND } from '@volant/shared/errors';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, httpStatusOf } from './app-error.ts';

describe('the code → transport table', () => {
  it('gives every catalogue code a kind, and every kind the status tRPC answers with', () => {
    expect(Object.keys(APP_ERROR_KINDS).sort()).toEqual(Object.keys(APP_ERRORS).sort());
    for (const [kind, status] of Object.entries(HTTP_STATUS_OF_KIND)) {
      expect(getHTTPStatusCodeFromError(new TRPCError({ code: kind as AppErrorKind }))).toBe(status);
    }
  });

  it('takes an error’s kind from its code, not from the throw site', () => {
    expect(new AppError('STUDENT_NOT_FOUND').kind).toBe('NOT_FOUND');
    expect(new AppError('EXAM_FULL').kind).toBe('CONFLICT');
    expect(new AppError('REPORT_SENT').kind).toBe('PRECONDITION_FAILED');
    expect(new AppError('TIER_LIMIT', 'jiný text')).toMatchObject({ kind: 'FORBIDDEN', message: 'jiný text' });
  });

  it('names the field of a field error and keeps the catalogue text unless told otherwise', () => {
    expect(AppError.field('INVALID_DATE', 'dueOn')).toMatchObject({
      code: 'INVALID_DATE',
      field: 'dueOn',
      message: APP_ERRORS.INVALID_DATE,
      kind: 'BAD_REQUEST',
    });
    expect(new AppError('INVALID_DATE').field).toBeUndefined();
  });
});

describe('httpStatusOf', () => {
  it('answers an AppError by its code, a tRPC error by its code (the one the client sees)', () => {
    expect(httpStatusOf(new AppError('PDF_FILE_NOT_FOUND'))).toBe(404);
    expect(httpStatusOf(new AppError('RATE_LIMITED'))).toBe(429);
    expect(httpStatusOf(new TRPCError({ code: 'CONFLICT', cause: new AppError('APPLICATION_DECIDED') }))).toBe(409);
    expect(httpStatusOf(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new AppError('APPLICATION_DECIDED') }))).toBe(500);
  });

  it('answers tRPC’s own errors by tRPC’s mapping, input errors 400, database errors by their meaning, the rest 500', () => {
    expect(httpStatusOf(new TRPCError({ code: 'UNAUTHORIZED' }))).toBe(401);
    expect(httpStatusOf(z.string().safeParse(1).error)).toBe(400);
    const unique = new DrizzleQueryError('insert …', [], Object.assign(new Error('duplicate key'), { code: '23505' }));
    expect(httpStatusOf(unique)).toBe(409);
    expect(httpStatusOf(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(503);
    expect(httpStatusOf(new TypeError('x is undefined'))).toBe(500);
  });
});

describe('throw sites', () => {
  it('name the code only: a kind as the second argument would become the message', () => {
    const kinds = Object.keys(HTTP_STATUS_OF_KIND).join('|');
    const oldStyle = new RegExp(`new AppError\\([^)]*?, '(?:${kinds})'`);
    const root = join(import.meta.dirname, '..');
    const offenders = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => oldStyle.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
