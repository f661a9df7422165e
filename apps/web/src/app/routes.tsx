// All routes of spec §2. Every page is its own lazy chunk; the login route loads no app-shell code and no antd: the
// other public pages sit in the lazy antd layout (antd-config.tsx), the app's pages in the shell, which has its own.
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LazyErrorScreen, RouteErrorScreen } from '../components/error-boundary.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { RootLayout } from './root-layout.tsx';

type Lazy = LazyExoticComponent<ComponentType>;

function page(Component: Lazy) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Component />
    </Suspense>
  );
}

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Lazy => lazy(() => load().then((m) => ({ default: m[name] })));

const LoginPage = lazy(() => import('../pages/login-page.tsx'));
const RegisterPage = lazy(() => import('../pages/register-page.tsx'));
const ResetPasswordPage = lazy(() => import('../pages/reset-password-page.tsx'));
const ResetPasswordConfirmPage = lazy(() => import('../pages/reset-password-confirm-page.tsx'));
const EmailConfirmPage = lazy(() => import('../pages/email-confirm-page.tsx'));
const SchoolInviteConfirmPage = lazy(() => import('../pages/school-invite-confirm-page.tsx'));
const DocPage = lazy(() => import('../pages/doc-page.tsx'));
const ContactPage = lazy(() => import('../pages/contact-page.tsx'));
const StudentPassPage = lazy(() => import('../pages/student-pass-page.tsx'));
const PrintPage = lazy(() => import('../pages/print-page.tsx'));
const ApplyPage = lazy(() => import('../pages/apply-page.tsx'));
const StudentPortalPage = lazy(() => import('../pages/student-portal-page.tsx'));
const StudentSignInPage = lazy(() => import('../pages/student-sign-in-page.tsx'));

const AntdLayout = lazy(() => import('./antd-config.tsx'));
const AppLayout = lazy(() => import('./app-layout.tsx'));
const HomePage = lazy(() => import('../pages/home-page.tsx'));
const NewStudentPage = lazy(() => import('../pages/new-student-page.tsx'));
const StudentPage = lazy(() => import('../pages/student-page.tsx'));
const ReportingPage = lazy(() => import('../pages/reporting-page.tsx'));
const ReportDetailPage = lazy(() => import('../pages/report-detail-page.tsx'));
const InterpreterPage = lazy(() => import('../pages/interpreter-page.tsx'));
const SettingsPage = lazy(() => import('../pages/settings-page.tsx'));
const SupportPage = lazy(() => import('../pages/support-page.tsx'));
const MorePage = lazy(() => import('../pages/more-page.tsx'));
const LoginFlowPage = lazy(() => import('../pages/login-flow-page.tsx'));
const GroupBlockedPage = lazy(() => import('../pages/group-blocked-page.tsx'));
const TierPage = lazy(() => import('../pages/tier-page.tsx'));
const TeachersPage = lazy(() => import('../pages/teachers-page.tsx'));
const DebugPage = lazy(() => import('../pages/debug-page.tsx'));
const ExamsPage = lazy(() => import('../pages/exams-page.tsx'));
const ExamReadinessPage = lazy(() => import('../pages/exam-readiness-page.tsx'));
const PaymentsPage = lazy(() => import('../pages/payments-page.tsx'));
const InvoicePage = lazy(() => import('../pages/invoice-page.tsx'));
const examTerm = () => import('../pages/exam-term-page.tsx');
const ExamDetailPage = named(examTerm, 'ExamDetailPage');
const ExamResultsPage = named(examTerm, 'ExamResultsPage');
const UserSettingsPage = lazy(() => import('../pages/user-settings-page.tsx'));
const ApplicationFormPage = lazy(() => import('../pages/application-form-page.tsx'));
const SearchPage = lazy(() => import('../pages/search-page.tsx'));
const CalendarPage = lazy(() => import('../pages/calendar-page.tsx'));
const TrainingsPage = lazy(() => import('../pages/trainings-page.tsx'));
const MyDayPage = lazy(() => import('../pages/my-day-page.tsx'));
const SchoolDashboardPage = lazy(() => import('../pages/school-dashboard-page.tsx'));
const courses = () => import('../pages/courses-page.tsx');
const CoursesPage = named(courses, 'CoursesPage');
const CourseDetailPage = named(courses, 'CourseDetailPage');
const GroupLessonPage = named(courses, 'GroupLessonPage');

const PRINT_ROUTES = ['export-exam', 'export-report', 'export-invoice', 'export-evidence-of-trainings', 'export-school-book'];

const appRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  { path: 'home', element: page(HomePage) },
  { path: 'calendar', element: page(CalendarPage) },
  { path: 'new-student', element: page(NewStudentPage) },
  { path: 'trainings', element: page(TrainingsPage) },
  { path: 'muj-den', element: page(MyDayPage) },
  { path: 'exams', element: page(ExamsPage) },
  { path: 'exams/readiness', element: page(ExamReadinessPage) },
  { path: 'exams/detail/:id', element: page(ExamDetailPage) },
  { path: 'exams/results/:id', element: page(ExamResultsPage) },
  { path: 'payments', element: page(PaymentsPage) },
  { path: 'prehled-skoly', element: page(SchoolDashboardPage) },
  { path: 'payments/invoice/:id', element: page(InvoicePage) },
  { path: 'reporting', element: page(ReportingPage) },
  { path: 'reporting/detail/:id', element: page(ReportDetailPage) },
  { path: 'courses', element: page(CoursesPage) },
  { path: 'courses/:id', element: page(CourseDetailPage) },
  { path: 'courses/lesson/:id', element: page(GroupLessonPage) },
  { path: 'settings/:type', element: page(SettingsPage) },
  { path: 'support', element: page(SupportPage) },
  { path: 'student/:id', element: page(StudentPage) },
  { path: 'more', element: page(MorePage) },
  { path: 'login-flow', element: page(LoginFlowPage) },
  { path: 'group-blocked', element: page(GroupBlockedPage) },
  { path: 'tier', element: page(TierPage) },
  { path: 'teachers', element: page(TeachersPage) },
  { path: 'user-settings', element: page(UserSettingsPage) },
  { path: 'application-form', element: page(ApplicationFormPage) },
  { path: 'interpreter', element: page(InterpreterPage) },
  { path: 'debug', element: page(DebugPage) },
  { path: 'search', element: page(SearchPage) },
  { path: '*', element: <Navigate to="/app" replace /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <LazyErrorScreen />,
    // A page that fails to render shows the generic error screen in its place: inside the root layout (boot, guards,
    // the shell's messages) here, and inside the app shell for the app's pages below. The root's catches the rest.
    children: [
      {
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, element: page(LoginPage) },
          { path: 'login', element: page(LoginPage) },
          {
            element: page(AntdLayout),
            children: [
              { path: 'register', element: page(RegisterPage) },
              { path: 'reset-password', element: page(ResetPasswordPage) },
              { path: 'reset-password-confirm/:code', element: page(ResetPasswordConfirmPage) },
              { path: 'email-confirm/:code', element: page(EmailConfirmPage) },
              { path: 'school-invite-confirm/:code', element: page(SchoolInviteConfirmPage) },
              { path: 'doc', element: page(DocPage) },
              { path: 'contact', element: page(ContactPage) },
              { path: 'student/:schoolId/:registrationNumber', element: page(StudentPassPage) },
              { path: 'apply/:formId', element: page(ApplyPage) },
              // 'Můj výcvik', the student's own place (issue 19): its sign-in link, then the place and its tabs.
              { path: 'zak/prihlaseni', element: page(StudentSignInPage) },
              { path: 'zak/*', element: page(StudentPortalPage) },
              ...PRINT_ROUTES.flatMap((p) => [
                { path: p, element: page(PrintPage) },
                { path: `${p}/*`, element: page(PrintPage) },
              ]),
            ],
          },
          // The app shell holds antd's config itself: no extra lazy step between the login and the shell.
          { path: 'app', element: page(AppLayout), children: [{ errorElement: <RouteErrorScreen />, children: appRoutes }] },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
