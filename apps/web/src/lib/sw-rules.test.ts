import { describe, expect, it } from 'vitest';
import { isShellNavigation } from './sw-rules.ts';

describe('which navigations the service worker answers with the cached app shell', () => {
  it('every page of the staff app, with or without a query', () => {
    for (const path of ['/app', '/app/', '/app/muj-den', '/app/calendar', '/app/student/0b6f-12', '/app/muj-den?den=2026-11-28', '/app?x=1'])
      expect(isShellNavigation(path), path).toBe(true);
  });

  it('nothing the server answers itself: the API, tRPC, PDFs, feeds, the socket', () => {
    for (const path of [
      '/api/trpc/user.meV2',
      '/api/files/123',
      '/api/public/application-forms/f1',
      '/trpc/x',
      '/ics/abc.ics',
      '/socket.io/?EIO=4',
      '/app/export.pdf',
    ])
      expect(isShellNavigation(path), path).toBe(false);
  });

  it('no public page with headers of its own, no print page, no student place, no look-alike of /app', () => {
    for (const path of [
      '/',
      '/login',
      '/zak',
      '/zak/prihlaseni?kod=x',
      '/apply/f1',
      '/student/s/1',
      '/export-invoice/1',
      '/apple-touch-icon.png',
      '/application',
      '/appx',
    ])
      expect(isShellNavigation(path), path).toBe(false);
  });
});
