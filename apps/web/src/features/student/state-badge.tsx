import { type StudentState, STUDENT_STATE_LABELS } from '@volant/shared/enums';
import { Tag } from 'antd';

/** antd preset colours per student state. */
export const STATE_COLORS: Record<StudentState, string> = {
  WAITING_FOR_ADMISSION: 'gold',
  NOT_STARTED: 'default',
  IN_PROGRESS: 'processing',
  FINISHED: 'cyan',
  TO_EXAM: 'purple',
  EXAM_CORRECTION: 'orange',
  DONE: 'success',
  STORNO: 'error',
};

export function StateBadge({ state }: { state: StudentState }) {
  return (
    <Tag color={STATE_COLORS[state]} data-state={state} style={{ marginInlineEnd: 0 }}>
      {STUDENT_STATE_LABELS[state]}
    </Tag>
  );
}
