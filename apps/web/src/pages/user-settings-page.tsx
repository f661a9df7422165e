// /app/user-settings (Uživatelské Nastavení).
import { UserSettings } from '../features/user-settings/user-settings.tsx';

export default function UserSettingsPage() {
  return <UserSettings />;
}
