// The database schema: the single source of the row types. Areas live in schema/<area>.ts.
import * as identity from './schema/identity.ts';
import * as school from './schema/school.ts';
import * as student from './schema/student.ts';

export const schema = { ...identity, ...school, ...student };
export type Schema = typeof schema;
export { identity, school, student };
