import { canonicalJson, GENESIS_PREV_HASH, hashPreimage } from '@volant/shared/record-chain/format';
import { describe, expect, it } from 'vitest';
import { type CurrentRecord, compareRecords, entryFor, entryHash, type StoredEntry, verifyChain } from './record-chain.rules.ts';

const AT = new Date('2026-03-12T07:00:00.000Z');
const ride = (tachometerAfter: number) => ({ startTime: '2026-03-12T07:00:00.000Z', tachometerAfter, signatureSha256: null, teacherSignatureSha256: null });

/** A well-formed chain of n entries, one ride each. */
function chain(n: number): StoredEntry[] {
  const out: StoredEntry[] = [];
  let prev = GENESIS_PREV_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const fields = {
      seq,
      kind: 'RIDE_REGISTERED' as const,
      entityType: 'RIDE' as const,
      entityId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      studentId: null,
      content: canonicalJson({ record: ride(1000 + seq) }),
      recordedAt: AT,
      userId: null,
      who: 'Karel Učitel',
      reason: null,
      prevHash: prev,
    };
    const hash = entryHash(fields);
    out.push({ ...fields, hash });
    prev = hash;
  }
  return out;
}
const headOf = (c: StoredEntry[]) => ({ lastSeq: c.at(-1)?.seq ?? 0, lastHash: c.at(-1)?.hash ?? GENESIS_PREV_HASH });

describe('the hash', () => {
  it('is SHA-256 over the documented JSON array, and canonical JSON sorts keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 'x'], c: null } })).toBe('{"a":{"c":null,"d":[1,"x"]},"b":1}');
    const e = chain(1)[0] as StoredEntry;
    expect(hashPreimage(e)).toBe(
      `["volant-record-chain/1",1,"RIDE_REGISTERED","RIDE","00000000-0000-4000-8000-000000000001",null,${JSON.stringify(e.content)},"2026-03-12T07:00:00.000Z",null,"Karel Učitel",null,"${GENESIS_PREV_HASH}"]`,
    );
    expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
    // Any covered field changes it.
    expect(entryHash({ ...e, reason: 'x' })).not.toBe(e.hash);
    expect(entryHash({ ...e, who: 'Jiný' })).not.toBe(e.hash);
    expect(entryHash({ ...e, recordedAt: new Date(AT.getTime() + 1) })).not.toBe(e.hash);
  });
});

describe('verifyChain', () => {
  it('finds nothing in an intact chain', () => {
    const c = chain(5);
    expect(verifyChain(c, headOf(c)).problems).toEqual([]);
  });

  it('content altered: the entry whose hash no longer covers it', () => {
    const c = chain(5);
    c[2] = { ...(c[2] as StoredEntry), content: canonicalJson({ record: ride(9999) }) };
    const { problems } = verifyChain(c, headOf(c));
    expect(problems).toEqual([expect.objectContaining({ damage: 'CONTENT_ALTERED', seq: 3 })]);
    expect(problems[0]?.message).toBe('Záznam č. 3 (Zapsaná jízda): obsah byl změněn (otisk nesouhlasí).');
  });

  it('content altered and re-hashed: the next entry no longer links to it', () => {
    const c = chain(5);
    const forged = { ...(c[2] as StoredEntry), content: canonicalJson({ record: ride(9999) }) };
    c[2] = { ...forged, hash: entryHash(forged) };
    const { problems } = verifyChain(c, headOf(c));
    expect(problems[0]).toMatchObject({ damage: 'ENTRY_INSERTED', seq: 4 });
  });

  it('entry deleted: a gap in seq', () => {
    const c = chain(5);
    c.splice(1, 1);
    const { problems } = verifyChain(c, headOf(c));
    expect(problems[0]).toMatchObject({ damage: 'ENTRY_DELETED', seq: 3 });
    expect(problems[0]?.message).toBe('Chybí záznam č. 2 před záznamem č. 3: záznam byl smazán.');
  });

  it('order changed: two entries swapped', () => {
    const c = chain(5);
    const [x, y] = [c[1] as StoredEntry, c[2] as StoredEntry];
    c[1] = y;
    c[2] = x;
    const { problems } = verifyChain(c, headOf(c));
    expect(problems.map((p) => p.damage)).toContain('ORDER_CHANGED');
    expect(problems[0]?.seq).toBe(3);
  });

  it('order changed: two entries swapped with their seq numbers swapped too', () => {
    const c = chain(5);
    const [x, y] = [c[1] as StoredEntry, c[2] as StoredEntry];
    c[1] = { ...y, seq: 2 };
    c[2] = { ...x, seq: 3 };
    const { problems } = verifyChain(c, headOf(c));
    expect(problems[0]).toMatchObject({ seq: 2 });
    expect(problems.map((p) => p.damage)).toEqual(expect.arrayContaining(['CONTENT_ALTERED', 'ORDER_CHANGED']));
  });

  it('entry inserted in the middle (later ones renumbered): the next one links past it', () => {
    const c = chain(5);
    const prev = c[1] as StoredEntry;
    const fields = { ...prev, seq: 3, entityId: '00000000-0000-4000-8000-00000000ffff', prevHash: prev.hash };
    const inserted = { ...fields, hash: entryHash(fields) };
    const tail = c.slice(2).map((e) => ({ ...e, seq: e.seq + 1 }));
    const forged = [...c.slice(0, 2), inserted, ...tail];
    const { problems } = verifyChain(forged, { lastSeq: 6, lastHash: (tail.at(-1) as StoredEntry).hash });
    expect(problems[0]).toMatchObject({ seq: 4 });
    expect(problems.map((p) => p.damage)).toEqual(expect.arrayContaining(['CONTENT_ALTERED', 'ORDER_CHANGED']));
  });

  it('tail cut off: the head still names the last entry', () => {
    const c = chain(5);
    const head = headOf(c);
    expect(verifyChain(c.slice(0, 3), head).problems).toEqual([expect.objectContaining({ damage: 'HEAD_MISMATCH' })]);
  });
});

describe('compareRecords', () => {
  const c = chain(2);
  const now = (id: string, tachometerAfter: number | null): CurrentRecord => ({
    entityType: 'RIDE',
    entityId: id,
    studentId: null,
    record: tachometerAfter === null ? null : ride(tachometerAfter),
    exists: true,
  });
  const id1 = (c[0] as StoredEntry).entityId;
  const id2 = (c[1] as StoredEntry).entityId;

  it('a row as written: nothing', () => {
    expect(compareRecords(c, [now(id1, 1001), now(id2, 1002)], () => null)).toEqual([]);
  });

  it('a row altered in the table: named with its entry', () => {
    const [p] = compareRecords(c, [now(id1, 1001), now(id2, 1500)], () => 'Novák');
    expect(p).toMatchObject({ damage: 'RECORD_DIFFERS', seq: 2 });
    expect(p?.message).toBe('Jízda 12.3.2026 08:00 (Novák): obsah se liší od zapsaného záznamu č. 2');
  });

  it('a row missing from the table, and a row missing from the chain', () => {
    const problems = compareRecords(c, [now(id1, 1001), now('00000000-0000-4000-8000-0000000000aa', 1)], () => null);
    expect(problems.map((p) => p.damage).sort()).toEqual(['RECORD_MISSING', 'RECORD_NOT_IN_CHAIN']);
  });
});

describe('entryFor', () => {
  const r = { a: 1, signatureSha256: null, teacherSignatureSha256: null };
  it('registered, signed, corrected, removed', () => {
    expect(entryFor('RIDE', undefined, r)?.kind).toBe('RIDE_REGISTERED');
    expect(entryFor('RIDE', r, r)).toBeNull();
    expect(entryFor('RIDE', r, { ...r, signatureSha256: 'x' })).toEqual({
      kind: 'RIDE_SIGNED',
      content: { record: { ...r, signatureSha256: 'x' }, signer: 'STUDENT' },
    });
    expect(entryFor('RIDE', r, { ...r, a: 2 })).toEqual({ kind: 'CORRECTION', content: { record: { ...r, a: 2 }, before: r } });
    expect(entryFor('RIDE', r, null)).toEqual({ kind: 'CORRECTION', content: { record: null, before: r } });
    expect(entryFor('LESSON', null, { x: 1 })?.kind).toBe('LESSON_ATTENDED');
    expect(entryFor('EXAM_RESULT', { result: 'FAIL' }, { result: 'SUCCESS' })?.kind).toBe('CORRECTION');
    expect(entryFor('TRAINING_DATES', undefined, { d: '2026-01-01' })?.kind).toBe('TRAINING_DATES');
    expect(entryFor('LESSON', undefined, null)).toBeNull();
  });
});
