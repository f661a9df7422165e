// What a car's events mean after commit (events/processors.ts): the car refreshes on open screens.
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { schoolCarMessage } from './school-car.service.ts';

const refreshCar: EventDefinition = {
  live(live, { schoolId, entityId }) {
    if (schoolId && entityId) schoolCarMessage(live, schoolId, entityId);
  },
};

export const schoolCarEvents: EventDefinitions = {
  'schoolCar.create': refreshCar,
  'schoolCar.update': refreshCar,
  'schoolCar.retire': refreshCar,
  'schoolCar.restore': refreshCar,
  'schoolCar.remove': refreshCar,
};
