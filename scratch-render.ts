import { renderPdf } from './apps/server/src/pdf/render.ts';
import { renderVehicleRides } from './apps/server/src/features/inspection-pack/inspection-pack.pdf.ts';
import { signatureSvg } from './bench/scale-seed.ts';
const school = { name: 'Autoškola', number: '1', address: 'A', city: 'Brno', office: 'Brno', numberPrague: null, operator: null, phone: null, email: null };
for (const [sig, n] of [[false, 300], [false, 300], [false, 300], [false, 1000], [false, 2000]] as const) {
  const rides = Array.from({ length: n }, (_, i) => ({ start: new Date(Date.UTC(2026, 0, 1) + i * 3600e3).toISOString(), end: new Date(Date.UTC(2026, 0, 1) + i * 3600e3 + 5400e3).toISOString(), minutes: 90, student: `Nováková Jana (${i}/2026)`, teacher: 'Petr Učitel', tachometerBefore: 1000 + i * 30, tachometerAfter: 1030 + i * 30, signature: sig ? signatureSvg(40, i) : null, teacherSignature: sig ? signatureSvg(40, i + 1) : null }));
  const t = performance.now();
  const b = await renderPdf(renderVehicleRides({ kind: 'PACK_VEHICLE_RIDES', generatedOn: '2026-02-01', school, from: '2026-01-01', to: '2026-12-31', vehicle: { brand: 'Škoda', plate: '1AB' }, rides }));
  console.log(sig, Math.round(performance.now() - t), 'ms', b.length);
}
