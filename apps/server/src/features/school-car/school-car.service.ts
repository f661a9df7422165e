// Vehicles of a school (spec §3 school car, §5 vehicle rules, legal-cz §8.1). A car with rides is retired, never
// deleted: the ride record and the vehicle training report must still name it. A retired car leaves the pickers.
import type { schoolCarInput } from '@volant/shared/school-car/inputs';
import { schoolToday } from '@volant/shared/school-time';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordEvent } from '../../events/record.ts';
import type { Live } from '../../live/live.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { toSchoolCar } from './school-car.dto.ts';
import {
  activePlateTaken,
  deleteSchoolCar,
  findSchoolCar,
  insertSchoolCar,
  listSchoolCars,
  schoolCarHasRecords,
  updateSchoolCarRow,
} from './school-car.queries.ts';

type Input = z.output<typeof schoolCarInput>;

const notFound = () => new AppError('SCHOOL_CAR_NOT_FOUND');
const plateTaken = () => new AppError('SCHOOL_CAR_REG_NUMBER_TAKEN');
const hasRides = () => new AppError('SCHOOL_CAR_HAS_RIDES');
export const schoolCarMessage = (live: Live, schoolId: SchoolId, schoolCarId: string) =>
  live.toSchool(schoolId, { SchoolCarMessage: { schoolId, schoolCarId } });

function plateRace(err: unknown): never {
  if (isUniqueViolation(err, 'school_cars_school_reg_number_key')) throw plateTaken();
  throw err;
}

const columns = (input: Input) => ({ carType: input.carType, regNumber: input.regNumber, targetGroup: input.targetGroup, stkValidUntil: input.stkValidUntil });

export async function getSchoolCars(deps: AppDeps, schoolId: SchoolId) {
  const today = schoolToday(deps.now());
  return (await listSchoolCars(deps.db, schoolId)).map((c) => toSchoolCar(c, today));
}

export function createSchoolCar(deps: AppDeps, schoolId: SchoolId, userId: string, input: Input) {
  return inTransaction(deps, async (tx, after) => {
    if (await activePlateTaken(tx, schoolId, input.regNumber)) throw plateTaken();
    const row = await insertSchoolCar(tx, schoolId, columns(input)).catch(plateRace);
    await recordEvent(deps, tx, after, { name: 'schoolCar.create', schoolId, userId, entityType: 'schoolCar', entityId: row.id, data: columns(input) });
    return toSchoolCar(row, schoolToday(deps.now()));
  });
}

export function updateSchoolCar(deps: AppDeps, schoolId: SchoolId, userId: string, schoolCarId: string, input: Input) {
  return inTransaction(deps, async (tx, after) => {
    const row = await updateSchoolCarRow(tx, schoolId, schoolCarId, columns(input)).catch(plateRace);
    if (!row) throw notFound();
    if (!row.retiredAt && (await activePlateTaken(tx, schoolId, row.regNumber, row.id))) throw plateTaken();
    await recordEvent(deps, tx, after, { name: 'schoolCar.update', schoolId, userId, entityType: 'schoolCar', entityId: row.id, data: columns(input) });
    return toSchoolCar(row, schoolToday(deps.now()));
  });
}

/** Retires a car (idempotent: an already retired car keeps its date). */
export function retireSchoolCar(deps: AppDeps, schoolId: SchoolId, userId: string, schoolCarId: string) {
  return setRetired(deps, schoolId, userId, schoolCarId, true);
}

/** Brings a retired car back to the pickers; refused when another active car has its plate meanwhile. */
export function restoreSchoolCar(deps: AppDeps, schoolId: SchoolId, userId: string, schoolCarId: string) {
  return setRetired(deps, schoolId, userId, schoolCarId, false);
}

function setRetired(deps: AppDeps, schoolId: SchoolId, userId: string, schoolCarId: string, retire: boolean) {
  return inTransaction(deps, async (tx, after) => {
    const current = await findSchoolCar(tx, schoolId, schoolCarId);
    if (!current) throw notFound();
    if (!retire && current.retiredAt && (await activePlateTaken(tx, schoolId, current.regNumber, current.id))) throw plateTaken();
    const retiredAt = retire ? (current.retiredAt ?? deps.now()) : null;
    const row = await updateSchoolCarRow(tx, schoolId, schoolCarId, { retiredAt }).catch(plateRace);
    if (!row) throw notFound();
    await recordEvent(deps, tx, after, {
      name: retire ? 'schoolCar.retire' : 'schoolCar.restore',
      schoolId,
      userId,
      entityType: 'schoolCar',
      entityId: row.id,
    });
    return toSchoolCar(row, schoolToday(deps.now()));
  });
}

/** Deletes a car that never had a ride or reservation; one with any is refused (retire it instead). */
export async function removeSchoolCar(deps: AppDeps, schoolId: SchoolId, userId: string, schoolCarId: string) {
  await inTransaction(deps, async (tx, after) => {
    if (await schoolCarHasRecords(tx, schoolId, schoolCarId)) throw hasRides();
    const row = await deleteSchoolCar(tx, schoolId, schoolCarId).catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw hasRides();
      throw err;
    });
    if (!row) throw notFound();
    await recordEvent(deps, tx, after, { name: 'schoolCar.remove', schoolId, userId, entityType: 'schoolCar', entityId: row.id });
  });
  return { ok: true as const };
}
