// Routes /app/courses, /app/courses/:id and /app/courses/lesson/:id ('Kurzy', issue 20 §3).
import { useParams } from 'react-router';
import { withFeedback } from '../components/feedback-scope.tsx';
import { CourseDetail, GroupLessonDetail } from '../features/course/course-detail.tsx';
import { CoursesList } from '../features/course/courses-list.tsx';

export const CoursesPage = withFeedback(CoursesList);

export const CourseDetailPage = withFeedback(function CourseDetailRoute() {
  const { id } = useParams();
  return id ? <CourseDetail key={id} id={id} /> : null;
});

export const GroupLessonPage = withFeedback(function GroupLessonRoute() {
  const { id } = useParams();
  return id ? <GroupLessonDetail key={id} id={id} /> : null;
});
