import { describe, expect, it } from 'vitest';
import { type GuardInput, isKnownPath, MY_DAY_PATH, mayUseSearch, resolveRedirect, skipsBoot, teacherLanding } from './guards.ts';

const loggedIn: Omit<GuardInput, 'path'> = {
  isBooting: false,
  isLoggedIn: true,
  isAccountInitialized: true,
  isGroupBlocked: false,
  isDebugAllowed: false,
  isOperator: false,
  canSearch: true,
};
const loggedOut: Omit<GuardInput, 'path'> = { ...loggedIn, isLoggedIn: false, isAccountInitialized: false };

const go = (path: string, state: Omit<GuardInput, 'path'> = loggedIn) => resolveRedirect({ ...state, path });

describe('mayUseSearch', () => {
  const staff = { isLoggedIn: true, isAccountInitialized: true, activeSchoolId: 'school-1', isGroupBlocked: false };

  it('allows staff of an active, unblocked school', () => {
    expect(mayUseSearch(staff)).toBe(true);
  });

  it('refuses a visitor who is not logged in, a user of no school, one with no active school and a blocked school', () => {
    expect(mayUseSearch({ ...staff, isLoggedIn: false })).toBe(false);
    expect(mayUseSearch({ ...staff, isAccountInitialized: false, activeSchoolId: null })).toBe(false);
    expect(mayUseSearch({ ...staff, isAccountInitialized: false })).toBe(false);
    expect(mayUseSearch({ ...staff, activeSchoolId: null })).toBe(false);
    expect(mayUseSearch({ ...staff, isGroupBlocked: true })).toBe(false);
  });
});

describe('resolveRedirect', () => {
  it('moves nobody while booting', () => {
    expect(go('/app/home', { ...loggedOut, isBooting: true })).toBeNull();
    expect(go('/nonsense', { ...loggedIn, isBooting: true })).toBeNull();
  });

  it('sends a visitor who is not logged in from app paths to the login page', () => {
    expect(go('/app', loggedOut)).toBe('/login');
    expect(go('/app/home', loggedOut)).toBe('/login');
    expect(go('/app/settings/info', loggedOut)).toBe('/login');
    expect(go('/app/student/123', loggedOut)).toBe('/login');
  });

  it('lets a visitor who is not logged in see the public pages', () => {
    for (const path of ['/', '/login', '/register', '/reset-password', '/reset-password-confirm/abc', '/email-confirm/abc', '/doc', '/contact']) {
      expect(go(path, loggedOut)).toBeNull();
    }
    expect(go('/school-invite-confirm/abc', loggedOut)).toBeNull();
  });

  it('sends a logged-in user on / or /login to the app root', () => {
    expect(go('/')).toBe('/app');
    expect(go('/login')).toBe('/app');
    expect(go('/login/')).toBe('/app');
  });

  it('lets a logged-in user open other public pages', () => {
    expect(go('/doc')).toBeNull();
    expect(go('/contact')).toBeNull();
    expect(go('/school-invite-confirm/abc')).toBeNull();
    expect(go('/email-confirm/abc')).toBeNull();
  });

  it('sends unknown paths to the app root, or to login when logged out', () => {
    expect(go('/nothing-here')).toBe('/app');
    expect(go('/app/nothing-here')).toBe('/app');
    expect(go('/app/settings')).toBe('/app');
    expect(go('/nothing-here', loggedOut)).toBe('/login');
    expect(go('/app/nothing-here', loggedOut)).toBe('/login');
  });

  it('keeps a user with no school in the login flow', () => {
    const fresh = { ...loggedIn, isAccountInitialized: false };
    expect(go('/app', fresh)).toBe('/app/login-flow');
    expect(go('/app/home', fresh)).toBe('/app/login-flow');
    expect(go('/app/login-flow', fresh)).toBeNull();
    expect(go('/doc', fresh)).toBeNull();
  });

  it('lets a user with no school open the debug page when debug is allowed (operator panel)', () => {
    expect(go('/app/debug', { ...loggedIn, isAccountInitialized: false, isDebugAllowed: true })).toBeNull();
    expect(go('/app/debug', { ...loggedIn, isAccountInitialized: false })).toBe('/app/login-flow');
  });

  it('leaves the login flow once the account is set up', () => {
    expect(go('/app/login-flow')).toBe('/app');
  });

  it('keeps a blocked group on the group-blocked and more pages', () => {
    const blocked = { ...loggedIn, isGroupBlocked: true };
    expect(go('/app/home', blocked)).toBe('/app/group-blocked');
    expect(go('/app/settings/info', blocked)).toBe('/app/group-blocked');
    expect(go('/app/group-blocked', blocked)).toBeNull();
    expect(go('/app/more', blocked)).toBeNull();
    expect(go('/contact', blocked)).toBeNull();
  });

  it('lets the operator reach the debug panel while the active school is blocked', () => {
    const blocked = { ...loggedIn, isGroupBlocked: true, isDebugAllowed: true };
    expect(go('/app/debug', blocked)).toBe('/app/group-blocked');
    expect(go('/app/debug', { ...blocked, isOperator: true })).toBeNull();
    expect(go('/app/home', { ...blocked, isOperator: true })).toBe('/app/group-blocked');
  });

  it('sends an unblocked group away from the group-blocked page', () => {
    expect(go('/app/group-blocked')).toBe('/app');
  });

  it('opens the debug page only when debug is allowed', () => {
    expect(go('/app/debug')).toBe('/app');
    expect(go('/app/debug', { ...loggedIn, isDebugAllowed: true })).toBeNull();
  });

  it('sends a user who may not search to the root', () => {
    expect(go('/app/search', { ...loggedIn, canSearch: false })).toBe('/');
    expect(go('/app/search/', { ...loggedIn, canSearch: false })).toBe('/');
    expect(go('/app/search')).toBeNull();
  });

  it('sends a user with no school or with a blocked school from the search page to the root, not on to the login flow or the block', () => {
    expect(go('/app/search', { ...loggedIn, isAccountInitialized: false, canSearch: false })).toBe('/');
    expect(go('/app/search', { ...loggedIn, isGroupBlocked: true, canSearch: false })).toBe('/');
    // From the root a signed-in user goes on to the app root, and from there the guards resolve as usual.
    expect(go('/', { ...loggedIn, isAccountInitialized: false, canSearch: false })).toBe('/app');
    expect(go('/app', { ...loggedIn, isAccountInitialized: false, canSearch: false })).toBe('/app/login-flow');
  });

  it('sends a visitor who is not logged in from the search page to the login page, as from every app page', () => {
    expect(go('/app/search', { ...loggedOut, canSearch: false })).toBe('/login');
  });

  it('never guards print routes or the public student pass', () => {
    expect(go('/export-report/abc', loggedOut)).toBeNull();
    expect(go('/export-invoice', { ...loggedOut, isBooting: true })).toBeNull();
    expect(go('/student/school/123', loggedOut)).toBeNull();
    expect(skipsBoot('/export-exam/x')).toBe(true);
    expect(skipsBoot('/student/a/b')).toBe(true);
    expect(skipsBoot('/login')).toBe(false);
  });

  it('lets anybody open a public application form, without the boot screen, signed in or not', () => {
    expect(skipsBoot('/apply/5f1c0e9e-0000-4000-8000-000000000001')).toBe(true);
    expect(go('/apply/5f1c0e9e-0000-4000-8000-000000000001', loggedOut)).toBeNull();
    expect(go('/apply/5f1c0e9e-0000-4000-8000-000000000001', loggedIn)).toBeNull();
    expect(isKnownPath('/apply')).toBe(false);
  });

  it('leaves the student place /zak to itself: no staff boot, no redirect, signed in as staff or not', () => {
    for (const path of ['/zak', '/zak/', '/zak/prihlaseni', '/zak/prubeh', '/zak?email=a%40b.cz']) expect(skipsBoot(path)).toBe(true);
    expect(go('/zak', loggedOut)).toBeNull();
    expect(go('/zak', loggedIn)).toBeNull();
    expect(go('/zak/prihlaseni', loggedIn)).toBeNull();
    expect(skipsBoot('/zakaz')).toBe(false);
  });

  it('knows the routes of spec §2', () => {
    expect(isKnownPath('/app/exams/detail/1')).toBe(true);
    expect(isKnownPath('/app/exams/results/1')).toBe(true);
    expect(isKnownPath('/app/exams/readiness')).toBe(true);
    expect(isKnownPath('/app/payments?tab=doklady')).toBe(true);
    expect(isKnownPath('/app/payments/invoice/1')).toBe(true);
    expect(isKnownPath('/app/reporting/detail/1')).toBe(true);
    expect(isKnownPath('/app/courses/lesson/1')).toBe(true);
    expect(isKnownPath('/app/student/1?activeTab=2')).toBe(true);
    expect(isKnownPath('/app/student')).toBe(false);
  });
});

describe('teacherLanding (issue 20)', () => {
  const base = { role: 'TEACHER', isPhone: true, landingPage: null, alreadyLanded: false };
  it('sends a teacher or paramedic on a phone to Můj den once, unless they chose a landing page', () => {
    expect(teacherLanding(base)).toBe(MY_DAY_PATH);
    expect(teacherLanding({ ...base, role: 'PARAMEDIC' })).toBe(MY_DAY_PATH);
    expect(teacherLanding({ ...base, alreadyLanded: true })).toBeNull();
    expect(teacherLanding({ ...base, landingPage: 'calendar' })).toBeNull();
    expect(teacherLanding({ ...base, isPhone: false })).toBeNull();
    expect(teacherLanding({ ...base, role: 'ASSISTANT' })).toBeNull();
  });
});
