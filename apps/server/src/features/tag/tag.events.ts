// What the štítky's events mean after commit (events/processors.ts): the tag lists refresh, and each student whose
// tags changed (a removed tag's students too).
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { studentInfoMessage } from '../student/student.service.ts';
import { tagMessage } from './tag.service.ts';

const refreshTag: EventDefinition = {
  live(live, { schoolId, entityId }) {
    if (schoolId && entityId) tagMessage(live, schoolId, entityId);
  },
};

const refreshStudent: EventDefinition = {
  live(live, { schoolId, entityId }) {
    if (schoolId && entityId) studentInfoMessage(live, schoolId, entityId);
  },
};

export const tagEvents: EventDefinitions<{
  'tag.create': unknown;
  'tag.update': unknown;
  'tag.remove': { studentIds: string[] };
  'tag.link': unknown;
  'tag.unlink': unknown;
}> = {
  'tag.create': refreshTag,
  'tag.update': refreshTag,
  'tag.remove': {
    live(live, { schoolId, entityId, data }) {
      if (!schoolId || !entityId) return;
      tagMessage(live, schoolId, entityId);
      for (const id of data?.studentIds ?? []) studentInfoMessage(live, schoolId, id);
    },
  },
  'tag.link': refreshStudent,
  'tag.unlink': refreshStudent,
};
