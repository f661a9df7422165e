import type { LicenceGroup } from '@volant/shared/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from './student.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

describe('Lékařský posudek', () => {
  it('is saved with the study data, kept when a section leaves it out, cleared by null', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await createTestStudent(caller, schoolId);
    const card = await caller.student.student({ schoolId, id: studentId });
    expect(card.studentStudyInfo.medicalCertificateDate).toBeNull();
    const study = {
      ...card.studentStudyInfo,
      group: card.studentStudyInfo.group as LicenceGroup[],
      currentGroups: card.studentStudyInfo.currentGroups as LicenceGroup[],
      medicalCertificateDate: '2026-01-15',
    };
    const saved = await caller.student.updateStudent({ schoolId, studentId, studentStudyInfo: study });
    expect(saved.studentStudyInfo.medicalCertificateDate).toBe('2026-01-15');
    const { medicalCertificateDate: _omit, ...withoutDate } = study;
    const kept = await caller.student.updateStudent({ schoolId, studentId, studentStudyInfo: { ...withoutDate, note: 'Jiná poznámka' } });
    expect(kept.studentStudyInfo.medicalCertificateDate).toBe('2026-01-15');
    const cleared = await caller.student.updateStudent({ schoolId, studentId, studentStudyInfo: { ...study, medicalCertificateDate: null } });
    expect(cleared.studentStudyInfo.medicalCertificateDate).toBeNull();
  });
});
