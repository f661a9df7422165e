// Opens the training form from the calendar and the trainings list: a new item (from a selected slot, or none) in the
// calendar variant with the student select, or an item to edit. The lists' items carry no signature pictures (only
// whether they are signed), so an item to edit is read whole first.
import { useQuery } from '@tanstack/react-query';
import { Drawer, Flex, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useSchoolInput, withSchool } from '../../../app/use-school.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { TrainingFormDrawer, type TrainingFormDrawerProps } from '../training-form.tsx';
import { slotInitial } from './calendar-events.ts';

/** The fields of an item every list of rides has (the calendar's and the trainings list's). */
export interface ListedItem {
  id: string;
}

export type TrainingFormRequest =
  | { kind: 'create'; slot?: { start: Date; end: Date; allDay: boolean }; prefill?: TrainingFormDrawerProps['initial'] }
  | { kind: 'edit'; item: ListedItem };

function EditHost({ open, item, onClose, onSaved }: { open: boolean; item: ListedItem; onClose: () => void; onSaved?: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const full = useQuery(trpc.drivingLessonsRecord.getDrivingLessonsRecord.queryOptions(withSchool(school, { id: item.id })));
  const record = full.data;
  if (!record) {
    return (
      <Drawer open={open} onClose={onClose} title="Upravit výcvik">
        <Flex justify="center" style={{ padding: 24 }}>
          {full.isPending ? <Spin /> : 'Záznam nebyl nalezen.'}
        </Flex>
      </Drawer>
    );
  }
  return <TrainingFormDrawer open={open} mode="edit" studentId={record.studentId ?? undefined} record={record} onClose={onClose} onSaved={onSaved} />;
}

/**
 * The drawer of the latest request, open while there is one. It stays mounted after closing: its success message
 * ('Výcvik byl naplánován') lives in the drawer's own feedback scope and would vanish with it.
 */
export function TrainingFormHost({ request, onClose, onSaved }: { request: TrainingFormRequest | null; onClose: () => void; onSaved?: () => void }) {
  const [last, setLast] = useState(request);
  if (request && request !== last) setLast(request);
  const shown = request ?? last;
  const initial = useMemo<TrainingFormDrawerProps['initial']>(
    () => (shown?.kind === 'create' && (shown.slot || shown.prefill) ? { ...(shown.slot ? slotInitial(shown.slot) : {}), ...shown.prefill } : undefined),
    [shown],
  );
  if (!shown) return null;
  if (shown.kind === 'edit') return <EditHost key={shown.item.id} open={!!request} item={shown.item} onClose={onClose} onSaved={onSaved} />;
  return <TrainingFormDrawer open={!!request} mode="plan" initial={initial} onClose={onClose} onSaved={onSaved} />;
}
