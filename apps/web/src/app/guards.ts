// The route guards of spec §2 as one pure function: where should this visitor go instead of `path`?

export const APP_ROOT = '/app';
export const LOGIN_PATH = '/login';
export const LOGIN_FLOW_PATH = '/app/login-flow';
export const GROUP_BLOCKED_PATH = '/app/group-blocked';
export const MORE_PATH = '/app/more';
export const DEBUG_PATH = '/app/debug';
export const SEARCH_PATH = '/app/search';

export interface GuardInput {
  path: string;
  isBooting: boolean;
  isLoggedIn: boolean;
  /** meV2.isAccountInitialized: the user belongs to at least one school. */
  isAccountInitialized: boolean;
  isGroupBlocked: boolean;
  /** Server config debug or the DEBUG feature flag. */
  isDebugAllowed: boolean;
  /** User role ADMIN: the operator of the installation, whose panel is on the debug page. */
  isOperator: boolean;
  /** The search page check (spec §6 does not show it): `mayUseSearch`. */
  canSearch: boolean;
  /** Where a signed-in user lands from / and /login (Uživatelské Nastavení; default the app root). */
  landingPath?: string;
}

/** The page a user chose to land on after login (`/app/<page>`), or the app root. */
export const landingPathOf = (landingPage: string | null | undefined) => (landingPage ? `${APP_ROOT}/${landingPage}` : APP_ROOT);

/**
 * Who may open the search page (/app/search; spec §2 leaves the check to us): staff of a school, i.e. a signed-in
 * member (the account belongs to a school) with an active school chosen that is not blocked. Everybody else is sent
 * to '/' (a signed-in user goes on from there to the app root, which the guards then resolve as usual).
 */
export function mayUseSearch(s: { isLoggedIn: boolean; isAccountInitialized: boolean; activeSchoolId: string | null; isGroupBlocked: boolean }): boolean {
  return s.isLoggedIn && s.isAccountInitialized && s.activeSchoolId !== null && !s.isGroupBlocked;
}

/** Public pages outside the app (spec §2). A `*` segment matches any one segment. */
const PUBLIC_PATTERNS = [
  '/',
  '/login',
  '/register',
  '/reset-password',
  '/reset-password-confirm/*',
  '/email-confirm/*',
  '/school-invite-confirm/*',
  '/doc',
  '/contact',
  '/student/*/*',
  '/apply/*',
  '/zak',
  '/zak/*',
];

/** Print routes: no login and no boot screen. */
const PRINT_PREFIXES = ['export-exam', 'export-report', 'export-invoice', 'export-evidence-of-trainings', 'export-school-book'];

const APP_PATTERNS = [
  '/app',
  '/app/home',
  '/app/calendar',
  '/app/new-student',
  '/app/trainings',
  '/app/muj-den',
  '/app/exams',
  '/app/exams/detail/*',
  '/app/exams/results/*',
  '/app/exams/readiness',
  '/app/payments',
  '/app/payments/invoice/*',
  '/app/prehled-skoly',
  '/app/reporting',
  '/app/reporting/detail/*',
  '/app/courses',
  '/app/courses/*',
  '/app/courses/lesson/*',
  '/app/settings/*',
  '/app/support',
  '/app/student/*',
  '/app/more',
  '/app/login-flow',
  '/app/group-blocked',
  '/app/tier',
  '/app/teachers',
  '/app/user-settings',
  '/app/application-form',
  '/app/interpreter',
  '/app/debug',
  '/app/search',
];

function normalize(path: string): string {
  const clean = path.split(/[?#]/)[0] || '/';
  return clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
}

function matches(pattern: string, path: string): boolean {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return false;
  return p.every((part, i) => (part === '*' ? s[i].length > 0 : part === s[i]));
}

export function isPrintPath(path: string): boolean {
  const first = normalize(path).split('/')[1] ?? '';
  return PRINT_PREFIXES.includes(first);
}

export function isPublicPath(path: string): boolean {
  const p = normalize(path);
  return PUBLIC_PATTERNS.some((pattern) => matches(pattern, p));
}

export function isAppPath(path: string): boolean {
  const p = normalize(path);
  return p === APP_ROOT || p.startsWith(`${APP_ROOT}/`);
}

export function isKnownPath(path: string): boolean {
  const p = normalize(path);
  return isPrintPath(p) || isPublicPath(p) || APP_PATTERNS.some((pattern) => matches(pattern, p));
}

/**
 * Paths that need neither the boot screen nor the staff session: print routes, the public student pass and application
 * form, and the student's own place /zak (its own session and client; a staff session must not redirect it).
 */
export function skipsBoot(path: string): boolean {
  const p = normalize(path);
  return isPrintPath(p) || matches('/student/*/*', p) || matches('/apply/*', p) || isStudentPlace(p);
}

/** /zak and everything under it: 'Můj výcvik'. */
export function isStudentPlace(path: string): boolean {
  const p = normalize(path);
  return p === '/zak' || p.startsWith('/zak/');
}

/** The redirect target for a visitor, or null to stay. Nothing moves while booting. */
export function resolveRedirect(input: GuardInput): string | null {
  const path = normalize(input.path);
  if (isPrintPath(path)) return null;
  if (input.isBooting) return null;

  if (!isKnownPath(path)) return input.isLoggedIn ? APP_ROOT : LOGIN_PATH;

  if (!input.isLoggedIn) return isAppPath(path) ? LOGIN_PATH : null;

  if (path === '/' || path === LOGIN_PATH) return input.landingPath ?? APP_ROOT;
  if (!isAppPath(path)) return null;
  // Before the login flow and the block: whoever may not search goes to '/', whatever else holds for them.
  if (path === SEARCH_PATH && !input.canSearch) return '/';

  if (!input.isAccountInitialized) {
    // The debug page (with the operator's panel) needs no school.
    if (path === DEBUG_PATH && input.isDebugAllowed) return null;
    return path === LOGIN_FLOW_PATH ? null : LOGIN_FLOW_PATH;
  }
  if (path === LOGIN_FLOW_PATH) return APP_ROOT;

  if (input.isGroupBlocked) {
    // The operator must reach the panel that unblocks schools, whichever school is active.
    if (path === DEBUG_PATH && input.isOperator && input.isDebugAllowed) return null;
    return path === GROUP_BLOCKED_PATH || path === MORE_PATH ? null : GROUP_BLOCKED_PATH;
  }
  if (path === GROUP_BLOCKED_PATH) return APP_ROOT;

  if (path === DEBUG_PATH && !input.isDebugAllowed) return APP_ROOT;
  return null;
}

export const MY_DAY_PATH = '/app/muj-den';

/**
 * Where a teacher on a phone starts (issue 20): 'Můj den', unless they chose a page in Uživatelské Nastavení or already
 * landed once in this tab (then Přehled opens as asked). Null: stay.
 */
export function teacherLanding(s: {
  role: string | null | undefined;
  isPhone: boolean;
  landingPage: string | null | undefined;
  alreadyLanded: boolean;
}): string | null {
  if (s.landingPage || s.alreadyLanded || !s.isPhone) return null;
  return s.role === 'TEACHER' || s.role === 'PARAMEDIC' ? MY_DAY_PATH : null;
}
