// Route /app/application-form (issue 11, 'Přihláškový formulář'): the applications that came through the school's
// public forms ('Přihlášky', the default) and the forms themselves ('Formuláře'). The tab lives in the URL
// (?tab=formulare) so it can be linked.
import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { ApplicationFormsList } from '../features/application-form/application-forms-list.tsx';
import { ApplicationsList } from '../features/application-form/applications-list.tsx';
import { withFeedback } from '../features/student/feedback-scope.tsx';

export const APPLICATION_FORM_TABS = ['prihlasky', 'formulare'] as const;
type ApplicationFormTab = (typeof APPLICATION_FORM_TABS)[number];
const isTab = (tab: string | null): tab is ApplicationFormTab => APPLICATION_FORM_TABS.includes(tab as ApplicationFormTab);

function ApplicationFormView() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const active: ApplicationFormTab = isTab(tab) ? tab : 'prihlasky';
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Title level={3}>Přihláškový formulář</Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) =>
          setParams(
            (p) => {
              p.set('tab', key);
              return p;
            },
            { replace: true },
          )
        }
        destroyOnHidden
        items={[
          { key: 'prihlasky', label: 'Přihlášky', children: <ApplicationsList /> },
          { key: 'formulare', label: 'Formuláře', children: <ApplicationFormsList /> },
        ]}
      />
    </div>
  );
}

const ApplicationFormPage = withFeedback(ApplicationFormView);
export default ApplicationFormPage;
