// The student card in a side drawer (screens wider than 425 px); open while store.drawerStudentId is set.
import { Drawer } from 'antd';
import { useEffect, useState } from 'react';
import { useAppStore } from '../../app/store.ts';
import { StudentCard } from './student-card.tsx';
import { DEFAULT_TAB } from './student-rules.ts';

export function StudentDrawer() {
  const studentId = useAppStore((s) => s.drawerStudentId);
  const setDrawerStudentId = useAppStore((s) => s.setDrawerStudentId);
  // While Ctrl+B has raised the header's search over the drawer, the drawer must let the focus go there.
  const searchRaised = useAppStore((s) => s.searchRaised);
  const [tab, setTab] = useState(DEFAULT_TAB);
  // Another student opens on the first tab.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per student
  useEffect(() => setTab(DEFAULT_TAB), [studentId]);
  const close = () => setDrawerStudentId(null);

  return (
    <Drawer open={studentId !== null} onClose={close} size="min(960px, 90vw)" destroyOnHidden title="Karta žáka" focusable={{ trap: !searchRaised }}>
      {studentId && <StudentCard key={studentId} studentId={studentId} activeTab={tab} onTabChange={setTab} onOpenFull={close} />}
    </Drawer>
  );
}
