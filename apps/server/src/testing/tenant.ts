// Tests and benches arrange data for a school they made themselves; they name its id as proven here, in one place.
import { type ProvenStudent, proveSchoolId, proveStudent, type SchoolId } from '../lib/tenant.ts';

export const testSchoolId = (id: string): SchoolId => proveSchoolId(id);
export const testStudent = (schoolId: string, studentId: string): ProvenStudent => proveStudent(schoolId, studentId);
