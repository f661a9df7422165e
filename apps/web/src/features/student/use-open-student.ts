// Opening a student (spec §2): up to 425 px wide the card route, wider the side drawer.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../app/store.ts';
import { PHONE_QUERY } from '../../lib/media.ts';

export function useOpenStudent(): (studentId: string) => void {
  const navigate = useNavigate();
  const setDrawerStudentId = useAppStore((s) => s.setDrawerStudentId);
  return useCallback(
    (studentId: string) => {
      if (window.matchMedia(PHONE_QUERY).matches) navigate(`/app/student/${studentId}`);
      else setDrawerStudentId(studentId);
    },
    [navigate, setDrawerStudentId],
  );
}
