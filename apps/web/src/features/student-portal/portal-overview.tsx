// 'Přehled', the first tab of 'Můj výcvik': the student's name and registration number, the school and its contact.
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Skeleton } from 'antd';
import { useStudentTRPC } from './student-trpc.ts';

export function PortalOverview() {
  const trpc = useStudentTRPC();
  const me = useQuery(trpc.studentPortal.getMe.queryOptions()).data;
  if (!me) return <Skeleton active />;
  const c = me.schoolContact;
  const contact = [
    { key: 'address', label: 'Adresa', children: `${c.street} ${c.streetCode}, ${c.postCode} ${c.city}` },
    ...(c.phone ? [{ key: 'phone', label: 'Telefon', children: <a href={`tel:${c.phone}`}>{c.phone}</a> }] : []),
    ...(c.email ? [{ key: 'email', label: 'E-mail', children: <a href={`mailto:${c.email}`}>{c.email}</a> }] : []),
    ...(c.web ? [{ key: 'web', label: 'Web', children: c.web }] : []),
  ];
  return (
    <div className="portal-cards">
      <Card size="small" title="Žák">
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'name', label: 'Jméno', children: `${me.firstName} ${me.lastName}` },
            { key: 'number', label: 'Evidenční číslo', children: me.registrationNumber ?? '—' },
          ]}
        />
      </Card>
      <Card size="small" title="Autoškola">
        <Descriptions column={1} size="small" items={[{ key: 'name', label: 'Název', children: me.schoolName }, ...contact]} />
      </Card>
    </div>
  );
}
