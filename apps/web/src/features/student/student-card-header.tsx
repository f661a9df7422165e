// The student card's header: editable name, phone and e-mail, the state, the groups and a link to the full card.
import { ExportOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Flex, Input, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { InlineEditField } from '../../components/inline-edit-field.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { groupsText } from '@volant/shared/format';
import { StateBadge } from './state-badge.tsx';
import { isUnchanged } from './student-rules.ts';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { currentSections, type StudentDetail, useStudentUpdate } from './use-student-update.ts';

type InfoKey = 'firstName' | 'lastName' | 'phone' | 'email';

export function StudentCardHeader({ student, activeTab, onOpenFull }: { student: StudentDetail; activeTab: string; onOpenFull?: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const save = useStudentUpdate(student.id);
  // The header has its own query so live messages about the student refresh it (spec §2).
  const header = useQuery(trpc.student.getStudentCardHeaderInfo.queryOptions(withSchool(school, { id: student.id })));
  const h = header.data ?? {
    firstName: student.studentInfo.firstName,
    lastName: student.studentInfo.lastName,
    phone: student.studentInfo.phone,
    email: student.studentInfo.email,
    state: student.state,
    groups: student.studentStudyInfo.group,
    registrationNumber: student.registrationNumber,
  };

  const field = (key: InfoKey, label: string, placeholder?: string, inputMode?: 'tel' | 'email') => (
    <InlineEditField<string>
      floating
      label={label}
      value={h[key] ?? ''}
      placeholder={placeholder}
      isUnchanged={isUnchanged}
      renderInput={(draft, setDraft, { save: submit }) => (
        <Input
          autoFocus
          aria-label={label}
          inputMode={inputMode}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={submit}
          style={{ maxWidth: 320 }}
        />
      )}
      onSave={(draft) => {
        const sections = currentSections(student);
        return save('studentInfo', { ...sections.studentInfo, [key]: draft });
      }}
    />
  );

  return (
    <section aria-label="Záhlaví karty žáka" style={{ marginBottom: 8 }}>
      <Flex wrap gap={8} align="center">
        <Typography.Title level={3} style={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          {field('firstName', 'jméno')}
          {field('lastName', 'příjmení')}
        </Typography.Title>
        <StateBadge state={h.state} />
        {h.groups.length > 0 && <Typography.Text strong>{groupsText(h.groups)}</Typography.Text>}
        {onOpenFull && (
          <Link to={`/app/student/${student.id}?activeTab=${activeTab}`} onClick={onOpenFull} style={{ marginInlineStart: 'auto' }}>
            <Space size={4}>
              <ExportOutlined />
              Otevřít celou kartu
            </Space>
          </Link>
        )}
      </Flex>
      <Flex wrap gap={16} style={{ marginTop: 4 }}>
        <Space size={4}>
          <PhoneOutlined aria-hidden />
          {field('phone', 'telefon', 'Telefon nevyplněn', 'tel')}
        </Space>
        <Space size={4}>
          <MailOutlined aria-hidden />
          {field('email', 'e-mail', 'E-mail nevyplněn', 'email')}
        </Space>
      </Flex>
    </section>
  );
}
