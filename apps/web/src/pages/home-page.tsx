// Route /app (Přehled): the school's students. The 'Nový žák' button lives in the shell's header.
import { Typography } from 'antd';
import { StudentsTable } from '../features/student/students-table.tsx';

export default function HomePage() {
  return (
    <div>
      <Typography.Title level={3}>Přehled</Typography.Title>
      <StudentsTable />
    </div>
  );
}
