// Uživatelské Nastavení (issue 11): own profile, password, other devices, preferences; merged into `user`.
import { router } from '../../trpc/init.ts';

export const userSettingsRouter = router({});
