// The school's booking rules changed: the settings tab (and the students' booking screens) refresh.
import type { EventDefinitions } from '../../events/event.ts';
import { bookingSettingsMessage } from './booking-settings.service.ts';

export const bookingSettingsEvents: EventDefinitions = {
  'bookingSettings.update': {
    live(live, { schoolId }) {
      if (schoolId) bookingSettingsMessage(live, schoolId);
    },
  },
};
