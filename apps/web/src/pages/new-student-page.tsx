// Route /app/new-student.
import { Typography } from 'antd';
import { StudentCreateForm } from '../features/student/student-create-form.tsx';

export default function NewStudentPage() {
  return (
    <div style={{ maxWidth: 1100 }}>
      <Typography.Title level={3}>Nový žák</Typography.Title>
      <StudentCreateForm />
    </div>
  );
}
