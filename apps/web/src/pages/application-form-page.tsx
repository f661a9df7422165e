// Route /app/application-form (issue 11, 'Přihláškový formulář'): the applications that came through the school's
// public forms ('Přihlášky', the default) and the forms themselves ('Formuláře'). The tab lives in the URL
// (?tab=formulare) so it can be linked.
import { UrlTabsPage } from '../components/url-tabs-page.tsx';
import { ApplicationFormsList } from '../features/application-form/application-forms-list.tsx';
import { ApplicationsList } from '../features/application-form/applications-list.tsx';
import { withFeedback } from '../components/feedback-scope.tsx';

function ApplicationFormView() {
  return (
    <UrlTabsPage
      title="Přihláškový formulář"
      tabs={[
        { key: 'prihlasky', label: 'Přihlášky', children: <ApplicationsList /> },
        { key: 'formulare', label: 'Formuláře', children: <ApplicationFormsList /> },
      ]}
    />
  );
}

const ApplicationFormPage = withFeedback(ApplicationFormView);
export default ApplicationFormPage;
