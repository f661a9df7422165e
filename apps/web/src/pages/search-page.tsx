// 'Vyhledat' of the mobile navigation: the student search on its own page, focused, with recent searches.
import { StudentSearch } from '../features/student/student-search.tsx';

export default function SearchPage() {
  return (
    <div style={{ padding: '8px 0', minHeight: 420 }}>
      <h2 style={{ marginTop: 0 }}>Vyhledat žáka</h2>
      <StudentSearch mobile autoFocus />
    </div>
  );
}
