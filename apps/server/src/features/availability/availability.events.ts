// What a teacher's availability events mean after commit (events/processors.ts): the teacher's Dostupnost refreshes
// on open screens (Učitelé, Uživatelské Nastavení, and the students' free slots).
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { availabilityMessage } from './availability.service.ts';

const refresh: EventDefinition = {
  live(live, { schoolId, entityId }) {
    if (schoolId && entityId) availabilityMessage(live, schoolId, entityId);
  },
};

export const availabilityEvents: EventDefinitions = {
  'availability.setWeek': refresh,
  'availability.addAbsence': refresh,
  'availability.removeAbsence': refresh,
  'availability.setCars': refresh,
};
