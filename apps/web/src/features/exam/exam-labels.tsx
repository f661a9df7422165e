// Small shared pieces of the exam screens: the result tag, the attempt counter and the cycle marker.
import { EXAM_RESULT_LABELS, type ExamResult } from '@volant/shared/enums';
import { Tag } from 'antd';

const RESULT_COLORS: Record<ExamResult, string> = { SUCCESS: 'green', FAIL: 'red', DID_NOT_TAKE_PLACE: 'default' };

export function ResultTag({ result }: { result: ExamResult | null }) {
  if (!result) return <Tag>Bez výsledku</Tag>;
  return <Tag color={RESULT_COLORS[result]}>{EXAM_RESULT_LABELS[result]}</Tag>;
}

/** The attempt counter 'n/max' (spec §4). */
export const attemptText = (attempt: number, max: number) => `${attempt}/${max}`;

/** '2. cyklus': the attempts after new teaching/training of the part (legal-cz §7.4). */
export function CycleTag({ cycle }: { cycle: number }) {
  return <Tag color="blue">{`${cycle}. cyklus`}</Tag>;
}
