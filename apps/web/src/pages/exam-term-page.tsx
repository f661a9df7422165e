// Routes /app/exams/detail/:id and /app/exams/results/:id (spec §2).
import { useParams } from 'react-router';
import { ExamTermView } from '../features/exam/exam-term.tsx';
import { withFeedback } from '../components/feedback-scope.tsx';

export const ExamDetailPage = withFeedback(() => <ExamTermView id={useParams().id} mode="detail" />);
export const ExamResultsPage = withFeedback(() => <ExamTermView id={useParams().id} mode="results" />);
