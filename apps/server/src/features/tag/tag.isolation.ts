import { entity, type IsolationTable, school, theSchool, type Victim } from '../../testing/isolation.ts';
import { aStudent } from '../student/student.testing.ts';

let n = 0;
export const newTag = () => ({ name: `Štítek ${++n}`, color: '#123456' });

async function aTag(_app: unknown, v: Victim) {
  return { tagId: (await v.caller.tag.createTag({ schoolId: v.schoolId, ...newTag() })).id };
}

/** A tag and a student of the victim, not linked. */
async function tagAndStudent(app: unknown, v: Victim) {
  return { ...(await aTag(app, v)), ...(await aStudent(app, v)) };
}

/** A tag and a student of the victim, linked. */
async function aLink(app: unknown, v: Victim) {
  const ids = await tagAndStudent(app, v);
  await v.caller.tag.addTagToEntity({ schoolId: v.schoolId, entityId: ids.studentId, entityType: 'STUDENT', tagId: ids.tagId });
  return ids;
}

export const tagIsolation: IsolationTable = {
  'tag.getTagsBySchoolId': school(aTag, (c, schoolId) => c.tag.getTagsBySchoolId({ schoolId })),
  'tag.createTag': school(theSchool, (c, schoolId) => c.tag.createTag({ schoolId, ...newTag() })),
  'tag.updateTag': entity(aTag, (c, schoolId, { tagId }) => c.tag.updateTag({ schoolId, tagId, ...newTag() })),
  'tag.removeTag': entity(aTag, (c, schoolId, { tagId }) => c.tag.removeTag({ schoolId, tagId })),
  'tag.getEntityTags': entity(aLink, (c, schoolId, { studentId }) => c.tag.getEntityTags({ schoolId, entityId: studentId, entityType: 'STUDENT' })),
  'tag.addTagToEntity': entity(tagAndStudent, (c, schoolId, { tagId, studentId }) =>
    c.tag.addTagToEntity({ schoolId, entityId: studentId, entityType: 'STUDENT', tagId }),
  ),
  'tag.removeTagFromEntity': entity(aLink, (c, schoolId, { tagId, studentId }) =>
    c.tag.removeTagFromEntity({ schoolId, entityId: studentId, entityType: 'STUDENT', tagId }),
  ),
};
