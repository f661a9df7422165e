// The applicant pass as a student shows it in the car (spec §2 Student pass): the school, the applicant, the
// applicant's signature and the lists of Jízdy, PV-ÚV and PV-ZP with date, time range and the ride's signature
// picture; cancelled items in red. Plain markup that reads on a 375 px phone; the staff drawer shows the same.
import { LESSON_KIND_TABLE_LABELS, LESSON_KINDS, LESSON_STATE_LABELS, type LessonKind, type LessonState, isCancelled } from '@volant/shared/enums';
import { formatDate, formatTime, fullName, groupsText } from '@volant/shared/format';
import type { ReactNode } from 'react';
import { SignatureImage } from '../../components/signature-dialog.tsx';
import type { RouterOutputs } from '../../lib/trpc.ts';
import './student-pass.css';

export type StudentPass = Exclude<RouterOutputs['student']['getStudentPass'], string>;
type Ride = StudentPass['rides'][number];

/** The spec's placeholder for a school field that is not filled in. */
export const PASS_PLACEHOLDER = 'Neuvedeno';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="student-pass__field">
      <dt>{label}</dt>
      <dd>{children || PASS_PLACEHOLDER}</dd>
    </div>
  );
}

function RideRow({ ride }: { ride: Ride }) {
  const cancelled = isCancelled(ride.state as LessonState);
  const planned = ride.state === 'SCHEDULED';
  return (
    <li className={cancelled ? 'student-pass__ride student-pass__ride--cancelled' : 'student-pass__ride'} data-testid="pass-ride">
      <div className="student-pass__ride-main">
        <span className="student-pass__ride-date">{formatDate(ride.startTime)}</span>
        <span className="student-pass__ride-time">
          {formatTime(ride.startTime)}–{formatTime(ride.endTime)}
        </span>
        {ride.teacher && <span className="student-pass__ride-teacher">{ride.teacher}</span>}
        {/* A planned ride says so: the pass never lets a future or unheld ride pass for a completed one (issue 17). */}
        {(cancelled || planned) && <span className="student-pass__ride-state">{LESSON_STATE_LABELS[ride.state as LessonState]}</span>}
      </div>
      {ride.signature ? (
        <SignatureImage svg={ride.signature} alt={`Podpis jízdy ${formatDate(ride.startTime)}`} height={56} />
      ) : ride.type === 'DRIVING' && !cancelled && !planned ? (
        <span className="student-pass__muted">Nepodepsáno</span>
      ) : null}
    </li>
  );
}

function RideList({ kind, rides }: { kind: LessonKind; rides: Ride[] }) {
  const label = LESSON_KIND_TABLE_LABELS[kind];
  return (
    <section className="student-pass__section" aria-label={label}>
      <h2 className="student-pass__heading">{label}</h2>
      {rides.length ? (
        <ul className="student-pass__rides">
          {rides.map((r) => (
            <RideRow key={r.id} ride={r} />
          ))}
        </ul>
      ) : (
        <p className="student-pass__muted">Žádné záznamy</p>
      )}
    </section>
  );
}

/** `signature` is the applicant's signature block: the picture and, on the public page, 'Podepsat průkaz'. */
export function StudentPassView({ pass, signature }: { pass: StudentPass; signature?: ReactNode }) {
  const { school, student } = pass;
  const operator = school.operator
    ? [school.operator.name, school.operator.companyNumber && `IČO ${school.operator.companyNumber}`, school.operator.address]
    : [];
  return (
    <article className="student-pass" aria-label="Průkaz žadatele">
      <section className="student-pass__section" aria-label="Autoškola">
        <h2 className="student-pass__heading">Autoškola</h2>
        <dl className="student-pass__fields">
          <Field label="Název">{school.name}</Field>
          <Field label="Číslo autoškoly">{school.number}</Field>
          <Field label="Adresa">{school.address}</Field>
          <Field label="Provozovatel">{operator.filter(Boolean).join(', ')}</Field>
        </dl>
      </section>
      <section className="student-pass__section" aria-label="Žadatel">
        <h2 className="student-pass__heading">Žadatel</h2>
        <p className="student-pass__name">{fullName(student)}</p>
        <dl className="student-pass__fields student-pass__fields--inline">
          <Field label="Ev. č.">{student.registrationNumber}</Field>
          <Field label={student.groups.length > 1 ? 'Skupiny' : 'Skupina'}>{groupsText(student.groups)}</Field>
        </dl>
        <div className="student-pass__signature">
          <span className="student-pass__label">Podpis žadatele</span>
          {signature ??
            (pass.signature ? <SignatureImage svg={pass.signature.svg} alt="Podpis žadatele" /> : <span className="student-pass__muted">Nepodepsáno</span>)}
        </div>
      </section>
      {LESSON_KINDS.map((kind) => (
        <RideList key={kind} kind={kind} rides={pass.rides.filter((r) => r.type === kind)} />
      ))}
    </article>
  );
}
