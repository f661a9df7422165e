// 3. Třídní kniha on the print route (the PDF: apps/server/src/pdf/documents/class-book.ts).
import type { TeachingSection } from '@volant/shared/enums';
import { TRAINING_KIND_LABELS, TRAINING_TYPE_LABELS } from '@volant/shared/enums';
import { formatDate, groupsText } from '@volant/shared/format';
import { type ClassBookVm, SECTION_NAMES, SECTION_SHORT, surnameFirst } from '@volant/shared/pdf/view-models';
import { FieldGrid, orDash, SignatureLines, Sheet, schoolFields, Table } from './print-parts.tsx';

const total = (a: Partial<Record<TeachingSection, number>>) => Object.values(a).reduce((s, n) => s + (n ?? 0), 0);

export function ClassBookPrint({ vm }: { vm: ClassBookVm }) {
  const c = vm.course;
  const planned = c.scope.reduce((s, x) => s + x.lessons, 0);
  const interpreted = vm.students.filter((s) => s.interpreter);
  const interpreters = [...new Map(interpreted.map((s) => [`${s.interpreter?.name}|${s.interpreter?.birthDate}`, s.interpreter])).values()];
  return (
    <Sheet vm={vm}>
      <FieldGrid
        fields={[
          ...schoolFields(vm.school),
          { label: 'Druh výuky a výcviku', value: `${TRAINING_KIND_LABELS[c.trainingKind]} · ${TRAINING_TYPE_LABELS[c.trainingType]}` },
          { label: 'Skupina řidičského oprávnění', value: groupsText(c.groups) },
          { label: 'Zahájení výuky', value: formatDate(c.startDate) },
          {
            label: 'Rozsah výuky (vyučovacích hodin po 45 minutách)',
            value: c.scope.length ? `${c.scope.map((s) => `${SECTION_SHORT[s.section]} ${s.lessons}`).join(', ')} · celkem ${planned}` : null,
            span: 2,
          },
          { label: 'Počet žadatelů v kurzu', value: String(vm.students.length) },
        ]}
      />
      <h2>Žadatelé</h2>
      <Table
        condensed
        columns={[
          { header: 'Č.', align: 'num' },
          { header: 'Ev. č.' },
          { header: 'Příjmení a jméno, titul' },
          { header: 'Datum narození' },
          { header: 'Držené skupiny' },
          { header: 'Žádá o skupinu' },
          ...c.scope.map((s) => ({ header: SECTION_SHORT[s.section], align: 'num' as const })),
          { header: 'Celkem', align: 'num' },
          { header: 'Tlumočník' },
        ]}
        rows={vm.students.map((s, i) => [
          i + 1,
          s.registrationNumber,
          <strong key="n">{surnameFirst(s)}</strong>,
          formatDate(s.birthDate),
          orDash(groupsText(s.currentGroups)),
          groupsText(s.groups),
          ...c.scope.map((x) => `${s.attended[x.section] ?? 0}/${x.lessons}`),
          `${total(s.attended)}/${planned}`,
          s.interpreter?.name ?? '–',
        ])}
      />
      {interpreters.length ? (
        <>
          <h2>Tlumočníci</h2>
          <Table
            columns={[
              { header: 'Tlumočník (příjmení a jméno, titul)' },
              { header: 'Datum narození' },
              { header: 'Adresa' },
              { header: 'Pro žadatele (ev. č.)' },
            ]}
            rows={interpreters.map((it) => [
              <strong key="n">{it?.name}</strong>,
              formatDate(it?.birthDate),
              it?.address,
              interpreted
                .filter((s) => s.interpreter?.name === it?.name && s.interpreter?.birthDate === it?.birthDate)
                .map((s) => s.registrationNumber)
                .join(', '),
            ])}
          />
        </>
      ) : null}
      <h2>Průběh výuky</h2>
      {vm.hours.length === 0 ? (
        <p className="print-small">Zatím nebyla zapsána žádná vyučovací hodina.</p>
      ) : (
        <Table
          condensed
          columns={[
            { header: 'Č.', align: 'num' },
            { header: 'Datum' },
            { header: 'Předmět' },
            { header: 'Téma' },
            { header: 'Učitel' },
            { header: 'Přítomno', align: 'center' },
            { header: 'Nepřítomni (ev. č.)' },
            { header: 'Podpis učitele', width: '60pt' },
          ]}
          rows={vm.hours.map((h, i) => [
            i + 1,
            formatDate(h.date),
            `${SECTION_SHORT[h.section]} – ${SECTION_NAMES[h.section]}`,
            h.topic ?? '',
            orDash(h.teacher),
            `${h.present.length}/${h.present.length + h.absent.length}`,
            h.absent.length ? h.absent.join(', ') : '–',
            '',
          ])}
        />
      )}
      <SignatureLines labels={['Razítko autoškoly a podpis provozovatele']} place={vm.school.city} date={vm.generatedOn} />
    </Sheet>
  );
}
