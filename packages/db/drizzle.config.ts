import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './packages/db/src/schema/identity.ts',
    './packages/db/src/schema/school.ts',
    './packages/db/src/schema/interpreter.ts',
    './packages/db/src/schema/student.ts',
    './packages/db/src/schema/report.ts',
    './packages/db/src/schema/tag.ts',
    './packages/db/src/schema/user-search.ts',
    './packages/db/src/schema/school-car.ts',
    './packages/db/src/schema/driving-lessons-record.ts',
    './packages/db/src/schema/teaching-lesson-record.ts',
    './packages/db/src/schema/student-default-teacher.ts',
    './packages/db/src/schema/lesson-plan.ts',
    './packages/db/src/schema/payment-item.ts',
    './packages/db/src/schema/exam.ts',
    './packages/db/src/schema/invoice.ts',
    './packages/db/src/schema/pdf.ts',
    './packages/db/src/schema/student-pass.ts',
    './packages/db/src/schema/student-session.ts',
    './packages/db/src/schema/application-form.ts',
    './packages/db/src/schema/print.ts',
  ],
  out: './packages/db/migrations',
  casing: 'snake_case',
});
