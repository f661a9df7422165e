// The suite's own plumbing: the server it started, the outbox reader (quoted-printable links) and the browser.
import { linkFrom, newestMail, parseMail } from '../support/outbox.ts';
import { dataDir, expect, test } from '../support/fixtures.ts';
import { newUserData } from '../support/api.ts';

test('the outbox reader decodes quoted-printable soft line breaks and =3D', () => {
  const raw = [
    'To: jana@example.cz',
    'Subject: =?UTF-8?Q?Potvrzen=C3=AD_registrace?=',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    '<a href=3D"http://127.0.0.1:1/email-confirm/abc-DEF_=',
    '123">Potvrdit e-mail</a> d=C4=9Bkujeme',
  ].join('\n');
  const mail = parseMail(raw);
  expect(mail.subject).toBe('Potvrzení registrace');
  expect(mail.body).toContain('děkujeme');
  expect(linkFrom(mail, '/email-confirm/')).toBe('http://127.0.0.1:1/email-confirm/abc-DEF_123');
});

test('a registration e-mail lands in the outbox with a working confirmation link', async ({ api }) => {
  const user = newUserData('outbox');
  await api.register(user);
  const mail = await newestMail(dataDir(), user.email, { containing: '/email-confirm/' });
  const link = linkFrom(mail, '/email-confirm/');
  expect(link.startsWith(`${api.baseURL}/email-confirm/`)).toBe(true);
  await api.confirmFromOutbox(user.email);
  expect(await api.login(user.email, user.password)).toMatch(/^[\w-]{20,}$/);
});

test('the browser reaches the server', async ({ page }) => {
  const res = await page.goto('/healthz');
  expect(res?.status()).toBe(200);
  expect(await res?.json()).toEqual({ status: 'ok' });
});
