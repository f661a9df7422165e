// Placeholder until the students feature lands (issue 3); replaced by features/students.
import { Result } from 'antd';

export default function NewStudentPage() {
  return <Result status="info" title="Tato část se právě připravuje" subTitle="Na této části aplikace právě pracujeme." />;
}
