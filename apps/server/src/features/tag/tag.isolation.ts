import type { IsolationTable, Victim } from '../../testing/isolation.ts';
import type { Caller } from '../../testing/harness.ts';
import { createTestStudent, crossTenant, ownSchoolId } from '../student/student.testing.ts';

let n = 0;
const tagInput = () => ({ name: `Štítek ${++n}`, color: '#123456' });
const seedTag = async (v: Victim) => (await v.caller.tag.createTag({ schoolId: v.schoolId, ...tagInput() })).id;

/** A tag and a student of the victim, linked. */
async function seedLink(v: Victim) {
  const tagId = await seedTag(v);
  const entityId = await createTestStudent(v.caller, v.schoolId);
  await v.caller.tag.addTagToEntity({ schoolId: v.schoolId, entityId, entityType: 'STUDENT', tagId });
  return { tagId, entityId };
}

/** Mixing the attacker's own tag with the victim's student (and the other way round) must fail too. */
async function ownTag(a: Caller) {
  const schoolId = await ownSchoolId(a);
  return (await a.tag.createTag({ schoolId, ...tagInput() })).id;
}

export const tagIsolation: IsolationTable = {
  'tag.getTagsBySchoolId': { kind: 'attack', run: (a, v) => a.tag.getTagsBySchoolId({ schoolId: v.schoolId }) },
  'tag.createTag': { kind: 'attack', run: (a, v) => a.tag.createTag({ schoolId: v.schoolId, ...tagInput() }) },
  'tag.updateTag': {
    kind: 'attack',
    run: async (a, v) => {
      const tagId = await seedTag(v);
      return crossTenant(a, v.schoolId, (schoolId) => a.tag.updateTag({ schoolId, tagId, ...tagInput() }));
    },
  },
  'tag.removeTag': {
    kind: 'attack',
    run: async (a, v) => {
      const tagId = await seedTag(v);
      return crossTenant(a, v.schoolId, (schoolId) => a.tag.removeTag({ schoolId, tagId }));
    },
  },
  'tag.getEntityTags': {
    kind: 'attack',
    run: async (a, v) => {
      const { entityId } = await seedLink(v);
      return crossTenant(a, v.schoolId, (schoolId) => a.tag.getEntityTags({ schoolId, entityId, entityType: 'STUDENT' }));
    },
  },
  'tag.addTagToEntity': {
    kind: 'attack',
    run: async (a, v) => {
      const tagId = await seedTag(v);
      const entityId = await createTestStudent(v.caller, v.schoolId);
      const mine = await ownTag(a);
      // The attacker's tag on the victim's student.
      await crossTenant(a, v.schoolId, (schoolId) => a.tag.addTagToEntity({ schoolId, entityId, entityType: 'STUDENT', tagId: mine })).then(
        () => {
          throw new Error('linked an own tag to another school’s student');
        },
        (e: { code?: string }) => {
          if (e.code !== 'NOT_FOUND') throw e;
        },
      );
      return crossTenant(a, v.schoolId, (schoolId) => a.tag.addTagToEntity({ schoolId, entityId, entityType: 'STUDENT', tagId }));
    },
  },
  'tag.removeTagFromEntity': {
    kind: 'attack',
    run: async (a, v) => {
      const link = await seedLink(v);
      return crossTenant(a, v.schoolId, (schoolId) => a.tag.removeTagFromEntity({ schoolId, ...link, entityType: 'STUDENT' }));
    },
  },
};
