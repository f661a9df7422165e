import { TeachersSettings } from '../features/school/teachers-settings.tsx';

export default function TeachersPage() {
  return <TeachersSettings />;
}
