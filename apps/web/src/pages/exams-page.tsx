// Route /app/exams (spec §2): the school's exam terms.
import { ExamsList } from '../features/exam/exams-list.tsx';
import { withFeedback } from '../components/feedback-scope.tsx';

const ExamsPage = withFeedback(ExamsList);
export default ExamsPage;
