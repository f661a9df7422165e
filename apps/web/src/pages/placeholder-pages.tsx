// Parts of the app that later issues build: an honest state, never fake data.
import { UnderConstruction } from '../components/under-construction.tsx';

export const UserSettingsPage = () => <UnderConstruction title="Uživatelské Nastavení" />;
