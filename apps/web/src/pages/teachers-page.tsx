import { TeachersSettings } from '../features/team/teachers-settings.tsx';

export default function TeachersPage() {
  return <TeachersSettings />;
}
