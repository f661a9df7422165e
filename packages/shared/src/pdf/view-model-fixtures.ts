// A view-model of each kind, as the server builds them, for the layout models' and the print components' tests.
import type {
  ClassBookVm,
  DrivingRecordVm,
  ExamApplicationVm,
  InvoiceVm,
  PartialCompletionVm,
  RegisterBookVm,
  ReportVm,
  SchoolVm,
  StudentVm,
} from '@volant/shared/pdf/view-models';

export const SIGNATURE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400"><path d="M 20 200 C 60 120 120 280 180 200" fill="none" stroke="black" stroke-width="3"/></svg>';

export const school: SchoolVm = {
  name: 'Autoškola Šťastná jízda',
  number: 'AS-0427',
  address: 'Kounicova 67, 602 00 Brno',
  city: 'Brno',
  office: 'Magistrát města Brna',
  numberPrague: null,
  operator: { name: 'Řidičák Plus s.r.o.', companyNumber: '27182818', address: 'Údolní 5, 602 00 Brno' },
  phone: '+420 777 123 456',
  email: 'info@stastna-jizda.cz',
};

export const student: StudentVm = {
  id: '00000000-0000-4000-8000-000000000001',
  registrationNumber: 'EV-2026/014',
  firstName: 'Žofie',
  lastName: 'Řeháková',
  degree: 'Bc.',
  birthDate: '2006-05-17',
  address: 'Lidická 12, 602 00 Brno',
  groups: ['B'],
  currentGroups: ['AM'],
  trainingKind: 'BASIC',
  trainingType: 'COURSE',
  startedOn: '2026-02-02',
  finishedOn: null,
  earlyEndReason: null,
};

const generatedOn = '2026-04-20';

export const reportVm: ReportVm = { kind: 'REPORT', generatedOn, school, reportId: 'r1', date: '2026-02-02', sentAt: null, students: [student] };

export const drivingRecordVm: DrivingRecordVm = {
  kind: 'REPORT_VEHICLE_DRIVING_TRAINING',
  generatedOn,
  school,
  student,
  vehicles: [
    {
      vehicle: { brand: 'Škoda Octavia', plate: '1BČ2345' },
      rides: [
        {
          id: 'd1',
          start: '2026-02-03T07:00:00.000Z',
          end: '2026-02-03T08:30:00.000Z',
          minutes: 90,
          tachometerBefore: 48200,
          tachometerAfter: 48231,
          teacher: 'Ing. Miroslav Kříž',
          signature: SIGNATURE,
          teacherSignature: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          note: null,
        },
      ],
      minutes: 90,
      km: 31,
    },
  ],
  totals: { rides: 1, minutes: 90, km: 31 },
};

export const classBookVm: ClassBookVm = {
  kind: 'REPORT_CLASS_BOOK',
  generatedOn,
  school,
  course: {
    reportDate: '2026-02-02',
    startDate: '2026-02-02',
    trainingKind: 'BASIC',
    trainingType: 'COURSE',
    groups: ['B'],
    scope: [{ section: 'PPV', lessons: 18 }],
  },
  students: [
    {
      ...student,
      interpreter: { name: 'Ševčenková Oksana, Mgr.', birthDate: '1980-01-20', address: 'Úvoz 3, 602 00 Brno' },
      attended: { PPV: 17 },
    },
  ],
  hours: [{ date: '2026-02-02', section: 'PPV', topic: 'Téma 1 – řízení ve městě', teacher: 'Ing. Miroslav Kříž', present: [], absent: ['EV-2026/014'] }],
};

export const examVm: ExamApplicationVm = {
  kind: 'EXAM',
  generatedOn,
  school,
  exam: { id: 'e1', date: '2026-05-14', place: 'Magistrát města Brna', types: ['PPV', 'ZP'], note: null },
  students: [{ ...student, finishedOn: '2026-04-30', parts: [{ group: 'B', type: 'PPV', attempt: 2, result: null }] }],
  trainingCompleted: true,
};

export const invoiceVm: InvoiceVm = {
  kind: 'INVOICE',
  generatedOn,
  invoiceKind: 'INVOICE',
  number: '20260007',
  issuedOn: '2026-04-01',
  dueOn: '2026-04-15',
  taxableOn: '2026-04-01',
  variableSymbol: '20260007',
  paymentMethod: 'TRANSFER',
  bankAccount: '19-2000145399/0800',
  iban: 'CZ6508000000192000145399',
  // Cancelled: nothing to pay, no QR Platba.
  qrPayment: null,
  supplier: { name: 'Řidičák Plus s.r.o.', companyNumber: '27182818', vatId: 'CZ27182818', address: 'Údolní 5, 602 00 Brno' },
  customer: { name: 'Bc. Žofie Řeháková', companyNumber: null, vatId: null, address: 'Lidická 12, 602 00 Brno' },
  student: { registrationNumber: 'EV-2026/014', name: 'Bc. Žofie Řeháková' },
  vatMode: 'PAYER',
  lines: [{ text: 'Výcvik skupiny B', quantity: 1, unitPrice: 1_210_000, vatRate: 21, total: 1_210_000 }],
  total: 1_210_000,
  totalVat: 210_000,
  vatRows: [{ rate: 21, base: 1_000_000, vat: 210_000, gross: 1_210_000 }],
  note: null,
  cancelled: { at: '2026-04-02T10:00:00.000Z', reason: 'Chybná částka' },
  creditNoteFor: null,
  creditNote: '20260008',
};

export const registerBookVm: RegisterBookVm = {
  kind: 'REGISTER_BOOK',
  generatedOn,
  school,
  from: '2026-01-01',
  to: '2026-03-31',
  rows: [
    {
      ...student,
      admittedOn: '2026-01-15',
      state: 'IN_PROGRESS',
      removedOn: null,
      exams: [{ group: 'B', type: 'PPV', date: '2026-03-20', result: 'SUCCESS', attempt: 1 }],
    },
  ],
};

export const partialCompletionVm: PartialCompletionVm = {
  kind: 'PARTIAL_COMPLETION',
  generatedOn,
  school,
  student,
  theory: [{ section: 'PPV', planned: 18, done: 12, first: '2026-02-02', last: '2026-02-20' }],
  practical: [{ kind: 'DRIVING', planned: 28, lessons: 3, minutes: 270, first: '2026-03-02', last: '2026-03-04' }],
};
