// Route /app (Přehled): the school's students. The 'Nový žák' button lives in the shell's header. A teacher on a phone
// lands on 'Můj den' instead (issue 20), once per tab.
import { Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { teacherLanding } from '../app/guards.ts';
import { useAppStore } from '../app/store.ts';
import { useMembership } from '../app/use-school.ts';
import { StudentsTable } from '../features/student/students-table.tsx';
import { useIsMobile } from '../lib/media.ts';

const LANDED_KEY = 'volant-day-landed';

export default function HomePage() {
  const navigate = useNavigate();
  const isPhone = useIsMobile();
  const { data } = useMembership();
  const landingPage = useAppStore((s) => s.user?.landingPage);
  useEffect(() => {
    if (!data) return;
    const target = teacherLanding({ role: data.role, isPhone, landingPage, alreadyLanded: sessionStorage.getItem(LANDED_KEY) === '1' });
    sessionStorage.setItem(LANDED_KEY, '1');
    if (target) navigate(target, { replace: true });
  }, [data, isPhone, landingPage, navigate]);
  return (
    <div>
      <Typography.Title level={3}>Přehled</Typography.Title>
      <StudentsTable />
    </div>
  );
}
