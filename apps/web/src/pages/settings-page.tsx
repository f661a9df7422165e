// /app/settings/:type
import { lazy, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { isSettingsType, SETTINGS_LABELS, type SettingsType } from '../app/nav.ts';
import { UnderConstruction } from '../components/under-construction.tsx';
import { AccountSettings } from '../features/account/account-settings.tsx';
import { TierSettings } from '../features/account/tier-settings.tsx';
import { SchoolAddressSettings, SchoolContactSettings, SchoolInfoSettings, SchoolOperatorSettings } from '../features/school/school-settings-forms.tsx';
import { TeachersSettings } from '../features/school/teachers-settings.tsx';

const TagsSettings = lazy(() => import('../features/tag/tags-settings.tsx'));
const InterpretersSettings = lazy(() => import('../features/interpreter/interpreters-settings.tsx'));
const CarsSettings = lazy(() => import('../features/school-car/cars-settings.tsx'));
const LessonPlanSettings = lazy(() => import('../features/lesson-plan/lesson-plan-settings.tsx'));
const PriceListSettings = lazy(() => import('../features/payment-item/price-list-settings.tsx'));

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
  'pdf-history': () => <UnderConstruction title={SETTINGS_LABELS['pdf-history']} />,
  'student-pass': () => <UnderConstruction title={SETTINGS_LABELS['student-pass']} />,
  'lesson-plan': () => <LessonPlanSettings />,
  'price-list': () => <PriceListSettings />,
};

export default function SettingsPage() {
  const { type } = useParams();
  if (!isSettingsType(type)) return <Navigate to="/app" replace />;
  const Page = PAGES[type];
  return <Page key={type} />;
}
