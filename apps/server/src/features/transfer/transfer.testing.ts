// Test data for 'Převod žáka': a signed record of another school (a throwaway key), for isolation rows and API tests.
import type { TransferRecord } from '@volant/shared/transfer/format';
import { newSigningKey, signRecord } from './transfer.signing.ts';

/** A small record: 2 PPV lessons and one 90-minute ride, issued by 'Autoškola Jinde'. */
export function aRecord(o: Partial<TransferRecord> = {}): TransferRecord {
  return {
    documentId: crypto.randomUUID(),
    issuedAt: '2026-10-01T08:00:00.000Z',
    school: { name: 'Autoškola Jinde', companyNumber: '87654321', address: 'Dlouhá 1, 11000 Praha' },
    student: {
      firstName: 'Jan',
      lastName: 'Dvořák',
      birthDate: '2005-04-12',
      registrationNumber: 'J-1',
      groups: ['B'],
      trainingKind: 'BASIC',
      trainingType: 'COURSE',
      admittedOn: '2026-09-01',
      startedOn: '2026-09-01',
      finishedOn: null,
    },
    theory: [
      { section: 'PPV', date: '2026-09-02', teacher: 'Eva Malá', hours: 1 },
      { section: 'PPV', date: '2026-09-03', teacher: 'Eva Malá', hours: 1 },
    ],
    rides: [
      {
        kind: 'DRIVING',
        date: '2026-09-10',
        start: '2026-09-10T06:00:00.000Z',
        end: '2026-09-10T07:30:00.000Z',
        minutes: 90,
        car: '1AB2345',
        teacher: 'Eva Malá',
        km: 40,
        studentSigned: true,
        teacherSigned: true,
      },
    ],
    exams: [],
    ...o,
  };
}

/** The record signed with a fresh key, as the file's text and the key's fingerprint. */
export function aSignedFile(o: Partial<TransferRecord> = {}) {
  const doc = signRecord(aRecord(o), newSigningKey());
  return { document: JSON.stringify(doc), keyFingerprint: doc.signature.keyFingerprint };
}
