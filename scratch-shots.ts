import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { resolveChromium, CHROMIUM_ARGS } from './e2e/support/chromium.ts';
import { renderPdf } from './apps/server/src/pdf/render.ts';
import { renderConsistency, renderVehicleRides } from './apps/server/src/features/inspection-pack/inspection-pack.pdf.ts';
import { consistencyReport } from './apps/server/src/features/inspection-pack/inspection-pack.rules.ts';
const school = { name: 'Autoškola Řidičák Plus', number: 'AS-0427', address: 'Kounicova 67, 60200 Brno', city: 'Brno', office: 'Magistrát města Brna', numberPrague: null, operator: null, phone: null, email: null };
const base = { type: 'DRIVING' as const, state: 'COMPLETED' as const, length: 90, studentId: 's', studentGroups: ['B'], teacherId: 't', teacher: 'Ing. Petr Dobrý', teacherLicenceValidUntil: '2030-01-01', carId: 'c', car: 'Škoda Fabia 1DF0001', carStkValidUntil: '2030-01-01', hasSignature: true, hasTeacherSignature: true, changedAfterSigningAt: null };
const t = (iso: string) => new Date(iso);
const rides = [
  { ...base, id: '1', startTime: t('2026-03-02T07:00:00Z'), endTime: t('2026-03-02T08:30:00Z'), student: 'Ota Tachometr (EV-0001)', tachometerBefore: 1000, tachometerAfter: 1030 },
  { ...base, id: '2', startTime: t('2026-03-03T07:00:00Z'), endTime: t('2026-03-03T08:30:00Z'), student: 'Ota Tachometr (EV-0001)', tachometerBefore: 1040, tachometerAfter: 1060 },
  { ...base, id: '3', startTime: t('2026-03-04T07:00:00Z'), endTime: t('2026-03-04T08:30:00Z'), student: 'Petra Nepodepsaná (EV-0002)', tachometerBefore: 1060, tachometerAfter: 1090, hasSignature: false },
  { ...base, id: '4', startTime: t('2026-03-05T07:00:00Z'), endTime: t('2026-03-05T08:30:00Z'), student: 'Radek Opravený (EV-0003)', tachometerBefore: 1090, tachometerAfter: 1120, changedAfterSigningAt: t('2026-03-06T14:00:00Z') },
];
const sections = consistencyReport({ from: '2026-01-01', to: '2026-06-30', today: '2026-07-15', now: t('2026-07-15T10:00:00Z'), rides, previousOdometer: [], theory: [], students: [] });
writeFileSync('/tmp/pack-shots/consistency.pdf', await renderPdf(renderConsistency({ kind: 'PACK_CONSISTENCY', generatedOn: '2026-07-15', school, from: '2026-01-01', to: '2026-06-30', sections })));
writeFileSync('/tmp/pack-shots/vehicle.pdf', await renderPdf(renderVehicleRides({ kind: 'PACK_VEHICLE_RIDES', generatedOn: '2026-07-15', school, from: '2026-03-01', to: '2026-03-31', month: '2026-03', vehicle: { brand: 'Škoda Fabia', plate: '1DF0001' },
  rides: rides.map((r) => ({ start: r.startTime.toISOString(), end: r.endTime.toISOString(), minutes: 90, student: r.student, teacher: r.teacher, tachometerBefore: r.tachometerBefore, tachometerAfter: r.tachometerAfter, signed: r.hasSignature, signedAt: r.hasSignature ? r.endTime.toISOString() : null, teacherSigned: true, teacherSignedAt: r.endTime.toISOString() })) })));
const browser = await chromium.launch({ executablePath: await resolveChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1200, height: 850 } });
await page.route('http://pdf.local/**', (route) => {
  const u = new URL(route.request().url());
  const files: Record<string, [string, string]> = {
    '/pdf.mjs': ['/work/wt-pack/node_modules/pdfjs-dist/build/pdf.mjs', 'text/javascript'],
    '/pdf.worker.mjs': ['/work/wt-pack/node_modules/pdfjs-dist/build/pdf.worker.min.mjs', 'text/javascript'],
    '/consistency.pdf': ['/tmp/pack-shots/consistency.pdf', 'application/pdf'],
    '/vehicle.pdf': ['/tmp/pack-shots/vehicle.pdf', 'application/pdf'],
  };
  if (u.pathname === '/') return route.fulfill({ contentType: 'text/html', body: '<html><body style="margin:0"><canvas id="c"></canvas></body></html>' });
  const f = files[u.pathname];
  return f ? route.fulfill({ contentType: f[1], body: readFileSync(f[0]) }) : route.fulfill({ status: 404 });
});
await page.goto('http://pdf.local/');
for (const name of ['consistency', 'vehicle']) {
  await page.evaluate(async (n) => {
    const pdfjs = await import('http://pdf.local/pdf.mjs');
    pdfjs.GlobalWorkerOptions.workerSrc = 'http://pdf.local/pdf.worker.mjs';
    const doc = await pdfjs.getDocument({ url: `http://pdf.local/${n}.pdf` }).promise;
    const p = await doc.getPage(1);
    const vp = p.getViewport({ scale: 1.4 });
    const c = document.getElementById('c') as HTMLCanvasElement;
    c.width = vp.width; c.height = vp.height;
    await p.render({ canvasContext: c.getContext('2d'), viewport: vp, canvas: c }).promise;
  }, name);
  await page.locator('#c').screenshot({ path: `/tmp/pack-shots/${name}-page1.png` });
}
await browser.close();
