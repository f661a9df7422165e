import { entity, type IsolationTable, school, theSchool, type Victim } from '../../testing/isolation.ts';
import { aStudent } from '../student/student.testing.ts';

/** A student of the victim's school with a plan of two instalments. */
async function aPlan(app: unknown, v: Victim) {
  const { studentId } = await aStudent(app, v);
  const plan = await v.caller.instalment.setStudentInstalments({
    schoolId: v.schoolId,
    studentId,
    items: [
      { label: 'Při zápisu', dueOn: '2026-01-10', amount: 5000 },
      { label: 'Před zkouškou', dueOn: '2026-03-10', amount: 5000 },
    ],
  });
  return { studentId, instalmentId: plan.items[0]?.id ?? '' };
}

/** A template of the victim's school. */
async function aTemplate(_app: unknown, v: Victim) {
  const t = await v.caller.instalment.saveTemplate({
    schoolId: v.schoolId,
    name: '3 splátky',
    rows: [
      { label: 'Při zápisu', offset: 0 },
      { label: 'Po 1 měsíci', offset: 30 },
    ],
  });
  return { templateId: t.id };
}

/** A student with an own price and a template of the victim's school. */
async function aStudentAndTemplate(app: unknown, v: Victim) {
  const { studentId } = await aStudent(app, v);
  await v.caller.paymentItem.setStudentPrice({ schoolId: v.schoolId, studentId, price: 20000 });
  return { studentId, ...(await aTemplate(app, v)) };
}

/** The victim's reminder settings with a text of its own. */
async function aReminderText(_app: unknown, v: Victim) {
  await v.caller.instalment.setReminderSettings({ schoolId: v.schoolId, daysBefore: 5, daysAfter: 3, text: 'Tajny-text-upominky' });
  return { text: 'Tajny-text-upominky' };
}

export const instalmentIsolation: IsolationTable = {
  'instalment.getStudentInstalments': entity(aPlan, (c, schoolId, { studentId }) => c.instalment.getStudentInstalments({ schoolId, studentId })),
  'instalment.setStudentInstalments': entity(aPlan, (c, schoolId, { studentId }) =>
    c.instalment.setStudentInstalments({ schoolId, studentId, items: [{ label: 'Vše', dueOn: '2026-02-01', amount: 100 }] }),
  ),
  'instalment.applyTemplate': entity(aStudentAndTemplate, (c, schoolId, { studentId, templateId }) =>
    c.instalment.applyTemplate({ schoolId, studentId, templateId }),
  ),
  'instalment.getTemplates': school(aTemplate, (c, schoolId) => c.instalment.getTemplates({ schoolId })),
  'instalment.saveTemplate': entity(aTemplate, (c, schoolId, { templateId }) =>
    c.instalment.saveTemplate({ schoolId, id: templateId, name: 'Cizí', rows: [{ label: 'Vše', offset: 0 }] }),
  ),
  'instalment.getReminderSettings': school(aReminderText, (c, schoolId) => c.instalment.getReminderSettings({ schoolId })),
  'instalment.setReminderSettings': school(theSchool, (c, schoolId) =>
    c.instalment.setReminderSettings({ schoolId, daysBefore: 3, daysAfter: 7, text: 'Cizí' }),
  ),
  'instalment.getSentReminders': entity(aPlan, (c, schoolId, { studentId }) => c.instalment.getSentReminders({ schoolId, studentId })),
  // The victim turned the repeated exam's charge on; another school's answer (its own, off) must not show it.
  'instalment.getAutoCharges': school(
    async (_app: unknown, v: Victim) => {
      await v.caller.instalment.setAutoCharges({ schoolId: v.schoolId, examRepeat: true });
      return { examRepeat: 'true' };
    },
    (c, schoolId) => c.instalment.getAutoCharges({ schoolId }),
    (result) => (result as { examRepeat: boolean }).examRepeat === true,
  ),
  'instalment.setAutoCharges': school(theSchool, (c, schoolId) => c.instalment.setAutoCharges({ schoolId, examRepeat: true })),
  'instalment.removeTemplate': entity(aTemplate, (c, schoolId, { templateId }) => c.instalment.removeTemplate({ schoolId, id: templateId })),
};
