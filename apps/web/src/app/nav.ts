// The app's navigation (spec §2 App shell): the desktop sidebar, its 'Nastavení' group and the mobile bottom bar.

export interface NavItem {
  key: string;
  label: string;
  path: string;
}

export interface NavFlags {
  isDebugAllowed: boolean;
  /** Feature flag VERSION_2_1. */
  hasVersion21: boolean;
  /** The school's admin: 'Přehled školy' (issue 21 §4). */
  isAdmin?: boolean;
  /** Admins and assistants: 'Opravy a rozpory' (issue 22 §1). */
  isOffice?: boolean;
}

export const SETTINGS_GROUP_KEY = 'settings';
export const SETTINGS_GROUP_LABEL = 'Nastavení';

export const SETTINGS_TYPES = [
  'info',
  'operator',
  'address',
  'cars',
  'teachers',
  'lesson-plan',
  'price-list',
  'booking',
  'interpreters',
  'tags',
  'contact',
  'account',
  'tier',
  'pdf-history',
  'student-pass',
] as const;
export type SettingsType = (typeof SETTINGS_TYPES)[number];

export const SETTINGS_LABELS: Record<SettingsType, string> = {
  info: 'Informace',
  operator: 'Provozovatel',
  address: 'Adresa učebny',
  cars: 'Vozidla',
  teachers: 'Učitelé',
  interpreters: 'Tlumočníci',
  tags: 'Štítky',
  contact: 'Kontakt',
  account: 'Účet',
  tier: 'Tarif',
  'pdf-history': 'Historie PDF',
  'student-pass': 'Průkazky',
  'lesson-plan': 'Osnova výuky',
  'price-list': 'Ceník',
  booking: 'Rezervace jízd',
};

export const isSettingsType = (type: string | undefined): type is SettingsType => SETTINGS_TYPES.includes(type as SettingsType);

export const SETTINGS_ITEMS: NavItem[] = SETTINGS_TYPES.map((type) => ({
  key: `settings/${type}`,
  label: SETTINGS_LABELS[type],
  path: `/app/settings/${type}`,
}));

/** Sidebar items before the 'Nastavení' group, in the order of spec §2 (with Platby of issue 9 after Zkoušky). */
export function sidebarItems(flags: NavFlags): NavItem[] {
  const items: (NavItem | false)[] = [
    { key: 'muj-den', label: 'Můj den', path: '/app/muj-den' },
    { key: 'trainings', label: 'Výcviky', path: '/app/trainings' },
    { key: 'calendar', label: 'Kalendář', path: '/app/calendar' },
    { key: 'reporting', label: 'Hlášenky', path: '/app/reporting' },
    { key: 'courses', label: 'Kurzy', path: '/app/courses' },
    { key: 'exams', label: 'Zkoušky', path: '/app/exams' },
    { key: 'payments', label: 'Platby', path: '/app/payments' },
    !!flags.isOffice && { key: 'opravy', label: 'Opravy a rozpory', path: '/app/opravy' },
    !!flags.isAdmin && { key: 'prehled-skoly', label: 'Přehled školy', path: '/app/prehled-skoly' },
    !!flags.isAdmin && { key: 'podklady-pro-kontrolu', label: 'Podklady pro kontrolu', path: '/app/podklady-pro-kontrolu' },
    flags.isDebugAllowed && { key: 'debug', label: 'Debug', path: '/app/debug' },
    flags.hasVersion21 && { key: 'user-settings', label: 'Uživatelské Nastavení', path: '/app/user-settings' },
    flags.hasVersion21 && { key: 'application-form', label: 'Přihláškový formulář', path: '/app/application-form' },
    { key: 'support', label: 'Podpora', path: '/app/support' },
  ];
  return items.filter((i): i is NavItem => !!i);
}

export function bottomNavItems(flags: Pick<NavFlags, 'isDebugAllowed'>): NavItem[] {
  const items: (NavItem | false)[] = [
    { key: 'home', label: 'Přehled', path: '/app' },
    { key: 'calendar', label: 'Kalendář', path: '/app/calendar' },
    { key: 'search', label: 'Vyhledat', path: '/app/search' },
    { key: 'exams', label: 'Zkoušky', path: '/app/exams' },
    { key: 'more', label: 'Více', path: '/app/more' },
    flags.isDebugAllowed && { key: 'debug', label: 'Debug', path: '/app/debug' },
  ];
  return items.filter((i): i is NavItem => !!i);
}

/** The nav key a path belongs to: '/app/exams/detail/1' → 'exams', '/app/settings/tags' → 'settings/tags', '/app/tier' → 'settings/tier'. */
export function navKeyOf(pathname: string): string {
  const parts = pathname
    .replace(/^\/app\/?/, '')
    .split('/')
    .filter(Boolean);
  if (parts.length === 0) return 'home';
  if (parts[0] === 'settings' && parts[1]) return `settings/${parts[1]}`;
  if (parts[0] === 'tier') return 'settings/tier';
  if (parts[0] === 'teachers') return 'settings/teachers';
  if (parts[0] === 'interpreter') return 'settings/interpreters';
  return parts[0];
}

export const isSettingsPath = (pathname: string) => navKeyOf(pathname).startsWith('settings/');
