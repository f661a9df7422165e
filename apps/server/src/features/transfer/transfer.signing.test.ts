// The transfer record's canonical form and signature (issue 22 §4): canonicalization, sign/verify, and that every
// kind of tampering is refused — a field changed anywhere, the signature swapped, the key swapped.
import { canonicalJson, signedText, TRANSFER_MAX_BYTES, TRANSFER_MESSAGES, type TransferRecord, transferTextProblem } from '@volant/shared/transfer/format';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { documentHash, fingerprintOf, newSigningKey, readTransferDocument, signatureHolds, signRecord } from './transfer.signing.ts';

const record: TransferRecord = {
  documentId: '3f1c1d2e-8a7b-4c5d-9e0f-112233445566',
  issuedAt: '2026-11-20T09:15:00.000Z',
  school: { name: 'Autoškola Žlutý Kůň', companyNumber: '12345678', address: 'Kounicova 1, 60200 Brno' },
  student: {
    firstName: 'Jan',
    lastName: 'Dvořák',
    birthDate: '2005-04-12',
    registrationNumber: '2026/001',
    groups: ['B'],
    trainingKind: 'BASIC',
    trainingType: 'COURSE',
    admittedOn: '2026-09-01',
    startedOn: '2026-09-02',
    finishedOn: null,
  },
  theory: [
    { section: 'PPV', date: '2026-09-03', teacher: 'Ing. Miroslav Kříž', hours: 1 },
    { section: 'ZP', date: '2026-09-04', teacher: null, hours: 1 },
  ],
  rides: [
    {
      kind: 'DRIVING',
      date: '2026-09-10',
      start: '2026-09-10T06:00:00.000Z',
      end: '2026-09-10T07:30:00.000Z',
      minutes: 90,
      car: '1BČ2345',
      teacher: 'Ing. Miroslav Kříž',
      km: 42,
      studentSigned: true,
      teacherSigned: false,
    },
  ],
  exams: [{ date: '2026-11-01', type: 'PPV', group: 'B', attempt: 1, result: 'FAIL' }],
};

const key = newSigningKey();
const signed = signRecord(record, key);
const text = (doc: unknown) => JSON.stringify(doc, null, 2);
const refusal = (t: string) => {
  try {
    readTransferDocument(t);
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, message: e.message };
    throw e;
  }
  return null;
};

describe('canonicalJson', () => {
  it('sorts keys at every level, keeps array order, writes no whitespace, escapes as JSON', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'ž"\n', c: null }, true], é: false })).toBe('{"a":[{"c":null,"d":"ž\\"\\n"},true],"b":1,"é":false}');
  });
  it('is the same for the same content in any key order and formatting', () => {
    const shuffled = JSON.parse(text({ signature: signed.signature, record: { ...record }, format: signed.format }));
    expect(signedText(shuffled)).toBe(signedText(signed));
  });
  it('refuses what the format does not hold (fractions, undefined in arrays)', () => {
    expect(() => canonicalJson({ a: 1.5 })).toThrow();
    expect(() => canonicalJson([undefined])).toThrow();
  });
});

describe('sign and verify', () => {
  it('verifies a signed record and reads it back unchanged', () => {
    expect(signatureHolds(signed)).toBe(true);
    expect(readTransferDocument(text(signed))).toEqual(signed);
    expect(signed.signature.keyFingerprint).toBe(fingerprintOf(key.publicKey));
    expect(signed.signature.keyFingerprint).toMatch(/^SHA256:[0-9a-f]{64}$/);
  });
  it('is the same document (same hash) when signed twice: Ed25519 is deterministic', () => {
    expect(documentHash(signRecord(record, key))).toBe(documentHash(signed));
  });
});

describe('tamper detection', () => {
  /** Every leaf of the record, changed one at a time, breaks the signature. */
  const leaves: { path: (string | number)[]; value: unknown }[] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (v !== null && typeof v === 'object') for (const [k, c] of Object.entries(v)) walk(c, [...path, Array.isArray(v) ? Number(k) : k]);
    else leaves.push({ path, value: v });
  };
  walk(record, []);

  const changed = (v: unknown, key: string | number): unknown => {
    if (typeof v === 'number') return v + 1;
    if (typeof v === 'boolean') return !v;
    if (v === null) return String(key).endsWith('On') ? '2026-11-19' : 'x';
    if (typeof v === 'string') {
      if (/^\d{4}-\d{2}-\d{2}T/.test(v)) return v.replace(/:00\.000Z$/, ':01.000Z');
      if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v.replace(/.$/, (d) => String((Number(d) + 1) % 10));
      if (v === 'BASIC') return 'EXPANDING';
      if (v === 'COURSE') return 'ISP';
      if (v === 'PPV') return 'OUV';
      if (v === 'ZP') return 'OP';
      if (v === 'DRIVING') return 'PV_UV';
      if (v === 'B') return 'A';
      if (v === 'FAIL') return 'SUCCESS';
      if (/^[0-9a-f-]{36}$/.test(v)) return v.replace(/6$/, '7');
      return `${v}x`;
    }
    throw new Error('unexpected');
  };

  it.each(leaves.map((l) => [l.path.join('.'), l] as const))('refuses the record with %s changed', (_name, leaf) => {
    const doc = structuredClone(signed) as Record<string, unknown>;
    let parent = doc.record as Record<string | number, unknown>;
    for (const p of leaf.path.slice(0, -1)) parent = parent[p] as Record<string | number, unknown>;
    const last = leaf.path.at(-1) as string | number;
    parent[last] = changed(parent[last], last);
    // A theory row's hours are always 1: any other value is not the format (refused before the signature is checked).
    if (last === 'hours') expect(refusal(text(doc))?.code).toBe('TRANSFER_INVALID');
    else expect(refusal(text(doc))).toEqual({ code: 'TRANSFER_SIGNATURE_INVALID', message: TRANSFER_MESSAGES.signature });
  });

  it('refuses a row removed, added or reordered', () => {
    const removed = structuredClone(signed);
    removed.record.theory.pop();
    const added = structuredClone(signed);
    added.record.rides.push({ ...added.record.rides[0] });
    const reordered = structuredClone(signed);
    reordered.record.theory.reverse();
    for (const d of [removed, added, reordered]) expect(refusal(text(d))?.code).toBe('TRANSFER_SIGNATURE_INVALID');
  });

  it('refuses a signature swapped for another document’s', () => {
    const other = signRecord({ ...record, documentId: '3f1c1d2e-8a7b-4c5d-9e0f-112233445567' }, key);
    const doc = { ...signed, signature: { ...signed.signature, value: other.signature.value } };
    expect(refusal(text(doc))).toEqual({ code: 'TRANSFER_SIGNATURE_INVALID', message: TRANSFER_MESSAGES.signature });
  });

  it('refuses a key swapped (with or without its fingerprint)', () => {
    const forger = newSigningKey();
    const keyOnly = { ...signed, signature: { ...signed.signature, publicKey: forger.publicKey } };
    expect(refusal(text(keyOnly))).toEqual({ code: 'TRANSFER_SIGNATURE_INVALID', message: TRANSFER_MESSAGES.fingerprint });
    const keyAndPrint = { ...signed, signature: { ...signed.signature, publicKey: forger.publicKey, keyFingerprint: forger.keyFingerprint } };
    expect(refusal(text(keyAndPrint))).toEqual({ code: 'TRANSFER_SIGNATURE_INVALID', message: TRANSFER_MESSAGES.signature });
  });

  it('a forger re-signing with their own key produces a different fingerprint (what the office checks)', () => {
    const forger = newSigningKey();
    const forged = signRecord({ ...record, theory: [...record.theory, ...record.theory] }, forger);
    expect(readTransferDocument(text(forged)).signature.keyFingerprint).not.toBe(signed.signature.keyFingerprint);
  });
});

describe('bounds before parsing', () => {
  it('refuses a file over the size and a deep nesting without parsing it', () => {
    expect(transferTextProblem('x'.repeat(TRANSFER_MAX_BYTES + 1))).toBe(TRANSFER_MESSAGES.tooLarge);
    expect(transferTextProblem(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBe(TRANSFER_MESSAGES.format);
    expect(transferTextProblem('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[\\"[[[["}')).toBeNull();
    expect(refusal(`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`)).toEqual({ code: 'TRANSFER_INVALID', message: TRANSFER_MESSAGES.format });
  });
  it('refuses what is not JSON, or not the format (an unknown field, a wrong version)', () => {
    expect(refusal('{not json')?.message).toBe(TRANSFER_MESSAGES.notJson);
    expect(refusal(text({ ...signed, format: 'volant.transfer/2' }))?.code).toBe('TRANSFER_INVALID');
    expect(refusal(text({ ...signed, extra: 1 }))?.code).toBe('TRANSFER_INVALID');
    expect(refusal(text({ ...signed, record: { ...signed.record, theory: [{ ...record.theory[0], hours: 5 }] } }))?.code).toBe('TRANSFER_INVALID');
  });
});

describe('docs/transfer-format.md', () => {
  it('has a worked example that verifies, counting PPV 1 lesson and 90 minutes of driving', async () => {
    const { readFileSync } = await import('node:fs');
    const md = readFileSync(new URL('../../../../../docs/transfer-format.md', import.meta.url), 'utf8');
    const block = /```json\n([\s\S]*?)\n```/.exec(md)?.[1];
    expect(block).toBeTruthy();
    const doc = readTransferDocument(block as string);
    expect(doc.record.theory).toHaveLength(1);
    expect(doc.record.rides[0].minutes).toBe(90);
    expect(refusal((block as string).replace('"minutes": 90', '"minutes": 900'))?.code).toBe('TRANSFER_SIGNATURE_INVALID');
  });
});
