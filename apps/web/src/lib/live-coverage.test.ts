// Every live message is published by the server and handled by the web (issue 11): the kinds of spec §4 and every
// kind of the LiveMessage union (packages/shared/src/live.ts). Fails when a kind has no publisher in the server's
// source, or no reaction here, or a reaction that does nothing.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { handleLiveMessage, LIVE_REACTIONS } from './live.ts';
import { fakeLiveEffects } from './live-testing.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** Spec §4's list of live messages. */
const SPEC_KINDS = [
  'OnPdfFileChanged',
  'SchoolInviteRemovedMessage',
  'SchoolInviteCreatedMessage',
  'OnNewStudentMessage',
  'NotificationMessage',
  'NotificationReadMessage',
  'GroupBlockedMessage',
  'TierChangedMessage',
  'PaymentItemMessage',
  'TeachingLessonRecordMessage',
  'StudentInfoMessage',
  'DrivingLessonRecordMessage',
];

/** The kinds of the shared `LiveMessage` union, read from its source. */
function unionKinds(): string[] {
  const source = readFileSync(join(root, 'packages/shared/src/live.ts'), 'utf8');
  const union = source.slice(source.indexOf('export type LiveMessage ='), source.indexOf('export type LiveMessageName'));
  return [...union.matchAll(/\|\s*\{\s*(\w+)\s*:/g)].map((m) => m[1]);
}

/** The server's own source (no tests, no test scaffolding), file by file. */
function serverSources(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'testing') walk(path);
      } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.testing.ts') && !name.endsWith('.isolation.ts')) {
        out.push({ path, text: readFileSync(path, 'utf8') });
      }
    }
  };
  walk(join(root, 'apps/server/src'));
  return out;
}

/** Where the server builds a message of this kind (an object literal keyed by it). */
function publishers(kind: string, sources: { path: string; text: string }[]): string[] {
  const literal = new RegExp(`\\{\\s*${kind}\\s*:`);
  return sources.filter((s) => literal.test(s.text)).map((s) => s.path.slice(root.length));
}

/** A body with every id a message may carry. */
const body = {
  schoolId: 's1',
  studentId: 'st1',
  id: 'n1',
  inviteId: 'i1',
  examId: 'e1',
  recordId: 'r1',
  reportId: 'p1',
  interpreterId: 'in1',
  tagId: 't1',
  schoolCarId: 'c1',
  memberId: 'm1',
  invoiceId: 'v1',
  applicationId: 'a1',
  formId: 'f1',
  type: 'GENERIC',
  isBlocked: true,
  status: 'done',
  clientCode: 'cc',
  ids: ['n1'],
};

const kinds = [...new Set([...SPEC_KINDS, ...unionKinds()])].sort();
const sources = serverSources();

describe('live messages: every kind has a publisher and a handler', () => {
  it('reads the union (a sanity check of the parser)', () => {
    expect(unionKinds()).toEqual(expect.arrayContaining(SPEC_KINDS));
    expect(unionKinds().length).toBeGreaterThanOrEqual(SPEC_KINDS.length);
  });

  it.each(kinds)('%s is published by the server', (kind) => {
    expect(publishers(kind, sources), `no server code builds { ${kind}: … }`).not.toEqual([]);
  });

  it.each(kinds)('%s is handled by the web and does something', (kind) => {
    expect(Object.keys(LIVE_REACTIONS)).toContain(kind);
    const fx = fakeLiveEffects('s1');
    handleLiveMessage({ [kind]: body }, fx);
    const calls = Object.values(fx)
      .filter((f): f is typeof fx.info => typeof f === 'function' && 'mock' in f)
      .reduce((n, f) => n + f.mock.calls.length, 0);
    expect(calls, `the reaction to ${kind} calls no effect`).toBeGreaterThan(0);
  });

  it('SchoolInviteRemovedMessage tells the user, reloads the user and refetches invites (spec §4)', () => {
    const fx = fakeLiveEffects('s1');
    handleLiveMessage({ SchoolInviteRemovedMessage: { schoolId: 's1' } }, fx);
    expect(fx.info).toHaveBeenCalledWith('Byl jste odstraněn ze školy');
    expect(fx.reloadUser).toHaveBeenCalled();
    expect(fx.refetchInvites).toHaveBeenCalled();
  });
});
