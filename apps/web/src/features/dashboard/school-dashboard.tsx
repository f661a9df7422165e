// 'Přehled školy' (issue 21 §4): the owner's view of the school for a period — money per month, outstanding and
// overdue, students per state and new ones, the application form's conversion, utilisation of teachers and cars by
// ISO week, exam pass rates, cancellations and disputes. Every figure opens the rows behind it (DrillDrawer), or the
// existing list (Platby → Nedoplatky). Czech formats throughout; at 375 px the tables become cards.
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import {
  DASHBOARD_PRESET_LABELS,
  DASHBOARD_PRESETS,
  type DashboardDrill,
  type DashboardPeriod,
  type DashboardPreset,
  monthLabel,
  presetPeriod,
  weekLabel,
} from '@volant/shared/dashboard/period';
import { STUDENT_STATE_LABELS, type StudentState } from '@volant/shared/enums';
import { formatDate, formatMoney, pluralCs } from '@volant/shared/format';
import { Alert, Card, Col, DatePicker, Drawer, Flex, Row, Segmented, Skeleton, Statistic, Table, type TableProps, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useMembership, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { browserNow } from '../../lib/clock.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { BarChart, LineChart } from './charts.tsx';

type Dashboard = RouterOutputs['dashboard']['getOverview'];
type Utilisation = Dashboard['utilisation']['teachers'][number];
type DrillRow = RouterOutputs['dashboard']['getDrill'][number];

const percent = new Intl.NumberFormat('cs-CZ', { style: 'percent', maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 0 });
/** A share, or '–' when there is nothing to divide by (never a made-up 0 %). */
export const rateText = (part: number, of: number) => (of > 0 ? percent.format(part / of) : '–');
const hoursText = (minutes: number) => `${decimal.format(minutes / 60)} h`;
const czkAxis = (halere: number) => `${whole.format(halere / 100)} Kč`;

const OWING_PATH = '/app/payments?tab=nedoplatky';

interface Drill {
  drill: DashboardDrill;
  title: string;
  month?: string;
  state?: StudentState;
}

const DRILL_TITLES: Record<DashboardDrill, string> = {
  INVOICES: 'Vystavené doklady',
  PAYMENTS: 'Přijaté platby',
  NEW_STUDENTS: 'Noví žáci',
  STUDENTS_IN_STATE: 'Žáci',
  APPLICATIONS: 'Přihlášky',
  EXAMS: 'Výsledky zkoušek',
  CANCELLED_RIDES: 'Zrušené jízdy',
  DISPUTES: 'Sporné záznamy',
};

function Figure({ title, value, note, onOpen, to }: { title: string; value: ReactNode; note?: ReactNode; onOpen?: () => void; to?: string }) {
  const body = (
    <Card size="small" hoverable={!!(onOpen || to)} onClick={onOpen} style={{ height: '100%' }} aria-label={title} role={onOpen ? 'button' : undefined}>
      <Statistic title={title} value={value as string} valueStyle={{ fontSize: 22 }} />
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
    </Card>
  );
  return (
    <Col xs={12} md={8} xl={6}>
      {to ? <Link to={to}>{body}</Link> : body}
    </Col>
  );
}

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card title={title} extra={extra} size="small" style={{ minWidth: 0 }}>
      {children}
    </Card>
  );
}

function DrillDrawer({ period, drill, onClose }: { period: DashboardPeriod; drill: Drill | null; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const rows = useQuery(
    trpc.dashboard.getDrill.queryOptions(
      drill ? withSchool(school, { ...period, drill: drill.drill, month: drill.month ?? null, state: drill.state ?? null }) : skipToken,
    ),
  );
  const items = rows.data ?? [];
  const title = (r: DrillRow) => (r.href ? <Link to={r.href}>{r.title}</Link> : r.title);
  const columns: TableProps<DrillRow>['columns'] = [
    { key: 'day', title: 'Datum', render: (_, r) => formatDate(r.day), width: 110 },
    { key: 'title', title: 'Položka', render: (_, r) => title(r) },
    { key: 'detail', title: 'Údaj', dataIndex: 'detail' },
    { key: 'amount', title: 'Částka', align: 'right', render: (_, r) => (r.amount == null ? '' : formatMoney(r.amount)) },
  ];
  const heading = drill ? `${drill.title}${drill.month ? ` – ${monthLabel(drill.month, true)}` : ''}` : '';
  return (
    <Drawer open={!!drill} onClose={onClose} title={heading} size={isPhone ? '100%' : 720} destroyOnHidden>
      {rows.isError && <Alert type="error" showIcon title={describeError(rows.error).message} />}
      {rows.isPending && drill ? (
        <Skeleton active />
      ) : isPhone ? (
        <CardList
          label={heading}
          items={items}
          rowKey={(r) => r.id}
          title={title}
          fields={(r) => [
            { label: 'Datum', value: formatDate(r.day) },
            { label: 'Údaj', value: r.detail },
            ...(r.amount == null ? [] : [{ label: 'Částka', value: formatMoney(r.amount) }]),
          ]}
          emptyText="Žádné záznamy"
        />
      ) : (
        <Table<DrillRow>
          aria-label={heading}
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={items}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
        />
      )}
      {items.length >= 500 && <Typography.Text type="secondary">Zobrazeno prvních 500 záznamů.</Typography.Text>}
    </Drawer>
  );
}

function UtilisationTable({ rows, label, nameTitle }: { rows: Utilisation[]; label: string; nameTitle: string }) {
  const isPhone = useIsPhone();
  if (isPhone)
    return (
      <CardList
        label={label}
        items={rows}
        rowKey={(r) => r.id}
        title={(r) => r.name}
        fields={(r) => [
          { label: 'Rezervováno', value: hoursText(r.bookedMinutes) },
          { label: 'Dostupné', value: hoursText(r.availableMinutes) },
          { label: 'Vytížení', value: rateText(r.bookedMinutes, r.availableMinutes) },
        ]}
        emptyText="Žádná data"
      />
    );
  const columns: TableProps<Utilisation>['columns'] = [
    { key: 'name', title: nameTitle, dataIndex: 'name' },
    { key: 'booked', title: 'Rezervováno', align: 'right', render: (_, r) => hoursText(r.bookedMinutes) },
    { key: 'available', title: 'Dostupné', align: 'right', render: (_, r) => hoursText(r.availableMinutes) },
    { key: 'rate', title: 'Vytížení', align: 'right', render: (_, r) => rateText(r.bookedMinutes, r.availableMinutes) },
  ];
  return <Table<Utilisation> aria-label={label} rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} />;
}

/** School-wide utilisation per week: booked of available, summed over the rows. */
function weeklyRate(rows: Utilisation[], weeks: string[]) {
  return weeks.map((_, i) => {
    const booked = rows.reduce((s, r) => s + (r.weeks[i]?.booked ?? 0), 0);
    const available = rows.reduce((s, r) => s + (r.weeks[i]?.available ?? 0), 0);
    return available > 0 ? booked / available : 0;
  });
}

function DashboardBody({ d, open }: { d: Dashboard; open: (drill: Drill) => void }) {
  const monthLabels = d.months.map((m) => monthLabel(m));
  const weekLabels = d.weeks.map(weekLabel);
  const apps = d.students.applications;
  const examTotal = d.exams.attempts.reduce((s, a) => s + a.passed + a.failed, 0);
  const examPassed = d.exams.attempts.reduce((s, a) => s + a.passed, 0);
  const cancelled = d.cancellations.byStudent + d.cancellations.byTeacher;
  const activeStates = d.students.states.filter((s) => s.count > 0);
  const u = d.utilisation;

  return (
    <Flex vertical gap={16}>
      <Row gutter={[12, 12]}>
        <Figure title="Fakturováno" value={formatMoney(d.money.invoicedTotal)} onOpen={() => open({ drill: 'INVOICES', title: DRILL_TITLES.INVOICES })} />
        <Figure title="Přijaté platby" value={formatMoney(d.money.receivedTotal)} onOpen={() => open({ drill: 'PAYMENTS', title: DRILL_TITLES.PAYMENTS })} />
        <Figure
          title="Neuhrazeno"
          value={formatMoney(d.money.outstanding)}
          note={`${d.money.owingStudents} ${pluralCs(d.money.owingStudents, ['žák', 'žáci', 'žáků'])}, k dnešku`}
          to={OWING_PATH}
        />
        <Figure
          title="Po splatnosti"
          value={formatMoney(d.money.overdue)}
          note={`${d.money.overdueStudents} ${pluralCs(d.money.overdueStudents, ['žák', 'žáci', 'žáků'])}, k dnešku`}
          to={OWING_PATH}
        />
        <Figure title="Noví žáci" value={whole.format(d.students.newTotal)} onOpen={() => open({ drill: 'NEW_STUDENTS', title: DRILL_TITLES.NEW_STUDENTS })} />
        <Figure
          title="Přihlášky → přijato"
          value={rateText(apps.admitted, apps.submitted)}
          note={`${apps.admitted} z ${apps.submitted} přihlášek${apps.pending ? `, ${apps.pending} čeká` : ''}`}
          onOpen={() => open({ drill: 'APPLICATIONS', title: DRILL_TITLES.APPLICATIONS })}
        />
        <Figure
          title="Úspěšnost zkoušek"
          value={rateText(examPassed, examTotal)}
          note={`${examPassed} z ${examTotal} zkoušek`}
          onOpen={() => open({ drill: 'EXAMS', title: DRILL_TITLES.EXAMS })}
        />
        <Figure
          title="Zrušené jízdy"
          value={whole.format(cancelled)}
          note={`žákem ${d.cancellations.byStudent}, z toho pozdě ${d.cancellations.late}; učitelem ${d.cancellations.byTeacher}`}
          onOpen={() => open({ drill: 'CANCELLED_RIDES', title: DRILL_TITLES.CANCELLED_RIDES })}
        />
        <Figure
          title="Sporné záznamy"
          value={whole.format(d.disputes.total)}
          note={`otevřené ${d.disputes.open}`}
          onOpen={() => open({ drill: 'DISPUTES', title: DRILL_TITLES.DISPUTES })}
        />
      </Row>

      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <Section title="Tržby a platby po měsících">
            <BarChart
              label="Tržby a platby po měsících"
              labels={monthLabels}
              series={[
                { label: 'Fakturováno', values: d.money.months.map((m) => m.invoiced) },
                { label: 'Přijaté platby', values: d.money.months.map((m) => m.received) },
              ]}
              format={czkAxis}
              suggestedMax={100_000}
              onPick={(s, i) =>
                open(
                  s === 0
                    ? { drill: 'INVOICES', title: DRILL_TITLES.INVOICES, month: d.months[i] }
                    : { drill: 'PAYMENTS', title: DRILL_TITLES.PAYMENTS, month: d.months[i] },
                )
              }
            />
          </Section>
        </Col>
        <Col xs={24} xl={12}>
          <Section title="Noví žáci po měsících">
            <BarChart
              label="Noví žáci po měsících"
              labels={monthLabels}
              series={[{ label: 'Noví žáci', values: d.students.newByMonth.map((m) => m.count) }]}
              integer
              format={(v) => whole.format(v)}
              onPick={(_, i) => open({ drill: 'NEW_STUDENTS', title: DRILL_TITLES.NEW_STUDENTS, month: d.months[i] })}
            />
          </Section>
        </Col>
        <Col xs={24} xl={12}>
          <Section title="Žáci podle stavu">
            <BarChart
              label="Žáci podle stavu"
              horizontal
              labels={activeStates.map((s) => STUDENT_STATE_LABELS[s.state])}
              series={[{ label: 'Žáci', values: activeStates.map((s) => s.count) }]}
              integer
              format={(v) => whole.format(v)}
              onPick={(_, i) => {
                const state = activeStates[i]!.state;
                open({ drill: 'STUDENTS_IN_STATE', title: `Žáci – ${STUDENT_STATE_LABELS[state]}`, state });
              }}
            />
          </Section>
        </Col>
        <Col xs={24} xl={12}>
          <Section title="Úspěšnost zkoušek podle pokusu">
            <BarChart
              label="Úspěšnost zkoušek podle pokusu"
              labels={d.exams.attempts.map((a) => `${a.attempt}. pokus`)}
              series={[{ label: 'Prospěl', values: d.exams.attempts.map((a) => (a.passed + a.failed > 0 ? a.passed / (a.passed + a.failed) : 0)) }]}
              format={(v) => percent.format(v)}
              onPick={() => open({ drill: 'EXAMS', title: DRILL_TITLES.EXAMS })}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 4 }}>
              Podle učitele výcviku žáka:
            </Typography.Paragraph>
            <Flex vertical gap={2} aria-label="Úspěšnost podle učitele">
              {d.exams.teachers.map((t) => (
                <span key={t.id ?? 'none'}>
                  {t.name}: <b>{rateText(t.passed, t.passed + t.failed)}</b> ({t.passed} z {t.passed + t.failed})
                </span>
              ))}
              {d.exams.teachers.length === 0 && <Typography.Text type="secondary">V období nejsou výsledky zkoušek.</Typography.Text>}
            </Flex>
          </Section>
        </Col>
      </Row>

      <Section title="Vytížení po týdnech">
        <LineChart
          label="Vytížení po týdnech"
          labels={weekLabels}
          series={[
            { label: 'Učitelé', values: weeklyRate(u.teachers, d.weeks) },
            { label: 'Vozidla', values: weeklyRate(u.cars, d.weeks) },
          ]}
          format={(v) => percent.format(v)}
        />
      </Section>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <Section title="Vytížení učitelů">
            <UtilisationTable rows={u.teachers} label="Vytížení učitelů" nameTitle="Učitel" />
            <Typography.Text type="secondary">Rezervované jízdy (naplánované a odjeté) z hodin dostupnosti učitele, bez dnů nepřítomnosti.</Typography.Text>
          </Section>
        </Col>
        <Col xs={24} xl={12}>
          <Section title="Vytížení vozidel">
            <UtilisationTable rows={u.cars} label="Vytížení vozidel" nameTitle="Vozidlo" />
            <Typography.Text type="secondary">
              Vozidla nemají v aplikaci dostupnost: počítá se s pracovním týdnem Po–Pá po {u.carNominalDayMinutes / 60} h.
            </Typography.Text>
          </Section>
        </Col>
      </Row>
    </Flex>
  );
}

export function SchoolDashboard() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const membership = useMembership();
  const [preset, setPreset] = useState<DashboardPreset | null>('LAST_12_MONTHS');
  const [period, setPeriod] = useState<DashboardPeriod>(() => presetPeriod('LAST_12_MONTHS', browserNow()));
  const [drill, setDrill] = useState<Drill | null>(null);
  const allowed = membership.isAdmin;
  const data = useQuery({
    ...trpc.dashboard.getOverview.queryOptions(allowed ? withSchool(school, period) : skipToken),
    placeholderData: keepPreviousData,
  });

  if (membership.data && !allowed) return <Alert type="info" showIcon title="Přehled školy vidí jen administrátor školy." />;

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Flex wrap gap={8} align="center">
        <Segmented<DashboardPreset | 'CUSTOM'>
          aria-label="Období"
          value={preset ?? 'CUSTOM'}
          options={DASHBOARD_PRESETS.map((p) => ({ value: p, label: DASHBOARD_PRESET_LABELS[p] }))}
          onChange={(p) => {
            if (p === 'CUSTOM') return;
            setPreset(p);
            setPeriod(presetPeriod(p, browserNow()));
          }}
        />
        <DatePicker.RangePicker
          aria-label="Od – do"
          format="D.M.YYYY"
          allowClear={false}
          placeholder={['Od', 'Do']}
          value={[dayjs(period.from), dayjs(period.to)]}
          onChange={(range) => {
            const [from, to] = range ?? [];
            if (!from || !to) return;
            setPreset(null);
            setPeriod({ from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
          }}
        />
      </Flex>
      {data.isError && <Alert type="error" showIcon title={describeError(data.error).message} />}
      {data.data ? <DashboardBody d={data.data} open={setDrill} /> : !data.isError && <Skeleton active />}
      <DrillDrawer period={period} drill={drill} onClose={() => setDrill(null)} />
    </Flex>
  );
}
