import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./packages/db/src/schema/identity.ts', './packages/db/src/schema/school.ts', './packages/db/src/schema/student.ts'],
  out: './packages/db/migrations',
  casing: 'snake_case',
});
