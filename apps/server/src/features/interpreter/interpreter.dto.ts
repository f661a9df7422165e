import type { InterpreterRow } from './interpreter.queries.ts';

export function toInterpreter(i: InterpreterRow) {
  return {
    id: i.id,
    interpreterInfo: { firstName: i.firstName, lastName: i.lastName, degree: i.degree, birthDate: i.birthDate, phone: i.phone },
    address: { street: i.street, streetCode: i.streetCode, city: i.city, postCode: i.postCode },
  };
}
export type InterpreterDto = ReturnType<typeof toInterpreter>;
