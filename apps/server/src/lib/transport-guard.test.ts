// The body limits of anonymous calls, measured on what the app's public calls really send (issue 17 item 12), and
// the routing of a request to its limit.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SIGNATURE_MAX_LENGTH, isSafeSignatureSvg } from '@volant/shared/driving-lessons-record/signature';
import { APP_ERRORS } from '@volant/shared/errors';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { anonymousBodyLimit, BODY_LIMITS, capBody, refusalBody, TransportRefusal } from './transport-guard.ts';

const bytes = (input: unknown) => Buffer.byteLength(JSON.stringify(superjson.serialize(input)));
const uuid = '5b0a6c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b';

/** What the signature pad's toSVG() writes: one path per stroke segment (a Bézier curve), three decimals. */
function padSvg(segments: number) {
  let x = 20;
  let y = 80;
  const n = (v: number) => v.toFixed(3);
  const paths: string[] = [];
  for (let i = 0; i < segments; i++) {
    const [x1, y1, x2, y2, x3, y3] = [x + 1.234, y - 0.567, x + 2.345, y + 0.678, x + 3.456, y + 0.123];
    paths.push(
      `<path d="M ${n(x)},${n(y)} C ${n(x1)},${n(y1)} ${n(x2)},${n(y2)} ${n(x3)},${n(y3)}" stroke-width="2.345" stroke="black" fill="none" stroke-linecap="round"></path>`,
    );
    x = x3 > 560 ? 20 : x3;
    y = x3 > 560 ? y + 10 : y3;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 600 200" width="600" height="200">${paths.join('')}</svg>`;
}

describe('body limits', () => {
  it('admit the largest calls of the public pages with margin, and keep every other anonymous call small', () => {
    const czech = (n: number) => 'Příliš žluťoučký kůň úpěl ďábelské ódy. '.repeat(Math.ceil(n / 40)).slice(0, n);
    const contact = bytes({ email: 'jana.novakova@example.cz', message: czech(1000) });
    const login = bytes({ email: 'jana.novakova@example.cz', password: 'x'.repeat(128) });

    const realisticForm = {
      formId: uuid,
      courseId: uuid,
      studentInfo: {
        firstName: 'Jana',
        lastName: 'Nováková',
        degree: 'Ing.',
        birthDate: new Date('2007-05-14T00:00:00Z'),
        birthPlace: 'České Budějovice',
        citizenship: 'CZ',
        docId: '123456789',
        phone: '+420 777 123 456',
        email: 'jana.novakova@example.cz',
      },
      studentAddress: { street: 'Náměstí Přemysla Otakara II.', streetCode: '1/1a', city: 'České Budějovice', postCode: '370 01' },
      note: czech(300),
      consent: true,
      fillToken: 'x'.repeat(200),
    };
    // Every text at a bound larger than the schema's, in two-byte Czech letters: an upper bound of the form.
    const maximalForm = {
      ...realisticForm,
      studentInfo: Object.fromEntries(Object.entries(realisticForm.studentInfo).map(([k, v]) => [k, typeof v === 'string' ? czech(255) : v])),
      studentAddress: Object.fromEntries(Object.entries(realisticForm.studentAddress).map(([k]) => [k, czech(255)])),
      note: czech(1000),
      website: '',
      fillToken: 'x'.repeat(500),
    };
    const credentials = { schoolId: uuid, studentId: uuid, registrationNumber: '2026/R-123', secretCode: 'ABCD-EFGH-1234' };
    const longSignature = padSvg(1000);
    const maximalSignature = padSvg(Math.floor(SIGNATURE_MAX_LENGTH / 160)).slice(0, SIGNATURE_MAX_LENGTH);
    expect(isSafeSignatureSvg(longSignature)).toBe(true);
    const signature = bytes({ ...credentials, signature: longSignature });
    const signatureAtMax = bytes({ ...credentials, signature: maximalSignature.padEnd(SIGNATURE_MAX_LENGTH, ' ') });

    const figures = {
      login,
      contact,
      form: bytes(realisticForm),
      formMaximal: bytes(maximalForm),
      signatureLong: signature,
      signatureAtSchemaMax: signatureAtMax,
      limits: BODY_LIMITS,
    };
    console.log('body sizes (bytes):', JSON.stringify(figures));
    expect(BODY_LIMITS.anonymous).toBeLessThanOrEqual(8 * 1024);
    expect(contact * 2).toBeLessThan(BODY_LIMITS.anonymous);
    expect(login * 4).toBeLessThan(BODY_LIMITS.anonymous);
    expect(figures.formMaximal * 2).toBeLessThan(BODY_LIMITS.applicationForm);
    expect(signature * 2).toBeLessThan(BODY_LIMITS.signature);
    // The schema's own limit answers an SVG that is too long, in Czech, not the body limit.
    expect(signatureAtMax).toBeLessThan(BODY_LIMITS.signature);
  });

  it('gives a route its own limit only when every call of a batch has it', () => {
    expect(anonymousBodyLimit('/api/trpc/:path', '/api/trpc/user.loginUser')).toBe(BODY_LIMITS.anonymous);
    expect(anonymousBodyLimit('/api/trpc/:path', '/api/trpc/studentPassSignature.createStudentPassSignature')).toBe(BODY_LIMITS.signature);
    expect(anonymousBodyLimit('/api/trpc/:path', '/api/trpc/applicationForm.submitApplication')).toBe(BODY_LIMITS.applicationForm);
    expect(anonymousBodyLimit('/api/trpc/:path', '/api/trpc/studentPassSignature.createStudentPassSignature,tag.createTag?batch=1')).toBe(
      BODY_LIMITS.anonymous,
    );
    expect(anonymousBodyLimit('/api/public/application-forms/:formId/submissions', `/api/public/application-forms/${uuid}/submissions`)).toBe(
      BODY_LIMITS.applicationForm,
    );
    expect(anonymousBodyLimit(undefined, '/api/files/x')).toBe(BODY_LIMITS.anonymous);
  });

  it('answers a refusal in the shape its client reads', () => {
    const one = JSON.parse(refusalBody('/api/trpc/user.loginUser', 413));
    expect(one.error.json).toMatchObject({ message: APP_ERRORS.PAYLOAD_TOO_LARGE, data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } });
    const batch = JSON.parse(refusalBody('/api/trpc/a.b,c.d?batch=1', 429));
    expect(batch.map((e: { error: { json: { message: string } } }) => e.error.json.message)).toEqual([APP_ERRORS.RATE_LIMITED, APP_ERRORS.RATE_LIMITED]);
    expect(JSON.parse(refusalBody(`/api/public/application-forms/${uuid}/submissions`, 413))).toEqual({ error: APP_ERRORS.PAYLOAD_TOO_LARGE });
  });

  it('cuts a chunked body at its limit', async () => {
    const read: Buffer[] = [];
    const sink = async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) read.push(chunk);
    };
    await pipeline(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), capBody(1_000), sink).then(
      () => expect.unreachable(),
      (err: unknown) => expect(err).toBeInstanceOf(TransportRefusal),
    );
    read.length = 0;
    await pipeline(Readable.from([Buffer.alloc(500), Buffer.alloc(500)]), capBody(1_000), sink);
    expect(Buffer.concat(read).length).toBe(1_000);
  });
});
