// The pass as a tab of 'Můj výcvik' (issue 19 §2): the student's own session reads the same pass the code opens and
// signs it; the code-opened page then shows that signature. No staff session and no other student's session reaches it.
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { aStudentActor } from '../student-portal/student-portal.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (e: { code?: string }) => e.code ?? String(e),
  );

const picture = (cx: number) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><circle r="1.5" cx="${cx}" cy="77" fill="black"></circle></svg>`;

describe('ownPass (the pass tab of the student place)', () => {
  it('answers the student’s own pass as the code opens it, and a signature saved in the tab shows on the code-opened pass', async () => {
    const school = await setupSchool(app);
    const [me, other] = [await aStudentActor(app, school), await aStudentActor(app, school)];
    const byCode = await me
      .as()
      .student.getStudentPass({ type: 'web', schoolCode: me.schoolCode, registrationNumber: me.registrationNumber, secretCode: me.secretCode });
    expect(await me.as().ownPass.getPass()).toEqual(byCode);
    expect(await me.as().ownPass.getSignature()).toEqual({ signature: me.signature, signedAt: expect.any(Date) });

    const signature = picture(123);
    const { signedAt } = await me.as().ownPass.createSignature({ signature });
    expect(await me.as().ownPass.getSignature()).toEqual({ signature, signedAt });
    const after = await me
      .as()
      .student.getStudentPass({ type: 'web', schoolCode: me.schoolCode, registrationNumber: me.registrationNumber, secretCode: me.secretCode });
    expect(typeof after === 'string' ? after : after.signature?.svg).toBe(signature);
    // The other student's pass keeps its own picture.
    expect((await other.as().ownPass.getSignature())?.signature).toBe(other.signature);
  });

  it('refuses an unsafe picture, a staff session and no session', async () => {
    const school = await setupSchool(app);
    const me = await aStudentActor(app, school);
    expect({
      unsafe: await refusal(me.as().ownPass.createSignature({ signature: '<svg><script>alert(1)</script></svg>' })),
      staff: await refusal(school.caller.ownPass.getPass()),
      staffSign: await refusal(school.caller.ownPass.createSignature({ signature: picture(5) })),
      none: await refusal(app.callerWithToken(null).ownPass.getSignature()),
    }).toEqual({ unsafe: 'BAD_REQUEST', staff: 'UNAUTHORIZED', staffSign: 'UNAUTHORIZED', none: 'UNAUTHORIZED' });
    expect((await me.as().ownPass.getSignature())?.signature).toBe(me.signature);
  });
});
