// Route /app/exams/readiness (issue 22 §3): 'Připraveni ke zkoušce / Brzy připraveni'.
import { ReadinessList } from '../features/exam-readiness/readiness-list.tsx';
import { withFeedback } from '../components/feedback-scope.tsx';

const ExamReadinessPage = withFeedback(ReadinessList);
export default ExamReadinessPage;
