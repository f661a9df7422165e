// /app/settings/:type
import { lazy, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { isSettingsType, type SettingsType } from '../app/nav.ts';
import { AccountSettings } from '../features/account/account-settings.tsx';
import { TierSettings } from '../features/account/tier-settings.tsx';
import { SchoolAddressSettings, SchoolContactSettings, SchoolInfoSettings, SchoolOperatorSettings } from '../features/school/school-settings-forms.tsx';
import { TeachersSettings } from '../features/school/teachers-settings.tsx';

const TagsSettings = lazy(() => import('../features/tag/tags-settings.tsx'));
const InterpretersSettings = lazy(() => import('../features/interpreter/interpreters-settings.tsx'));
const CarsSettings = lazy(() => import('../features/school-car/cars-settings.tsx'));
const LessonPlanSettings = lazy(() => import('../features/lesson-plan/lesson-plan-settings.tsx'));
const PriceListSettings = lazy(() => import('../features/payment-item/price-list-settings.tsx'));
const PdfHistorySettings = lazy(() => import('../features/pdf/pdf-history-settings.tsx'));
const StudentPassSettings = lazy(() => import('../features/student-pass/student-pass-settings.tsx'));
const BookingSettings = lazy(() => import('../features/booking-settings/booking-settings.tsx'));

const PAGES: Record<SettingsType, () => ReactNode> = {
  info: () => <SchoolInfoSettings />,
  operator: () => <SchoolOperatorSettings />,
  address: () => <SchoolAddressSettings />,
  contact: () => <SchoolContactSettings />,
  account: () => <AccountSettings />,
  tier: () => <TierSettings />,
  teachers: () => <TeachersSettings />,
  tags: () => <TagsSettings />,
  interpreters: () => <InterpretersSettings />,
  cars: () => <CarsSettings />,
  'pdf-history': () => <PdfHistorySettings />,
  'student-pass': () => <StudentPassSettings />,
  'lesson-plan': () => <LessonPlanSettings />,
  'price-list': () => <PriceListSettings />,
  booking: () => <BookingSettings />,
};

export default function SettingsPage() {
  const { type } = useParams();
  if (!isSettingsType(type)) return <Navigate to="/app" replace />;
  const Page = PAGES[type];
  return <Page key={type} />;
}
