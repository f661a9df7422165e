// Inputs for student fields, shared by the new-student form and the card's inline edits.
import { useQuery } from '@tanstack/react-query';
import {
  LICENCE_GROUP_LABELS,
  LICENCE_GROUPINGS,
  type LicenceGroup,
  TRAINING_KIND_LABELS,
  TRAINING_KINDS,
  TRAINING_TYPE_LABELS,
  TRAINING_TYPES,
  type TrainingKind,
  type TrainingType,
} from '@volant/shared/enums';
import { Select, type SelectProps } from 'antd';
import { useTRPC } from '../../lib/trpc.ts';
import { fullName } from '@volant/shared/format';
import { useSchoolInput } from '../../app/use-school.ts';

const GROUP_OPTIONS = LICENCE_GROUPINGS.map((g) => ({
  label: g.label,
  title: g.label,
  options: g.groups.map((group) => ({ value: group, label: LICENCE_GROUP_LABELS[group] })),
}));

type Pass<T> = Omit<SelectProps<T>, 'options' | 'mode'>;

/** Licence groups picked from the spec's four groupings. */
export function LicenceGroupSelect(props: Pass<LicenceGroup[]>) {
  return (
    <Select<LicenceGroup[]>
      mode="multiple"
      allowClear
      placeholder="Vyberte skupiny"
      options={GROUP_OPTIONS}
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
    />
  );
}

// The citizenship picker lives with the personal-data fields (the public application form uses it without this module).
export { CitizenshipSelect } from './student-person-fields.tsx';

export const TRAINING_KIND_OPTIONS = TRAINING_KINDS.map((k) => ({ value: k, label: TRAINING_KIND_LABELS[k] }));
export const TRAINING_TYPE_OPTIONS = TRAINING_TYPES.map((k) => ({ value: k, label: TRAINING_TYPE_LABELS[k] }));

export function TrainingKindSelect(props: Pass<TrainingKind>) {
  return <Select<TrainingKind> options={TRAINING_KIND_OPTIONS} placeholder="Vyberte druh výcviku" {...props} />;
}

export function TrainingTypeSelect(props: Pass<TrainingType>) {
  return <Select<TrainingType> options={TRAINING_TYPE_OPTIONS} placeholder="Vyberte typ výuky" {...props} />;
}

export function InterpreterSelect(props: Pass<string | null>) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const interpreters = useQuery(trpc.interpreter.getInterpreters.queryOptions(school));
  const options = (interpreters.data ?? []).map((i) => ({ value: i.id, label: fullName(i.interpreterInfo) }));
  return (
    <Select<string | null>
      allowClear
      loading={interpreters.isLoading}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="Vyberte tlumočníka"
      notFoundContent="Autoškola nemá žádné tlumočníky"
      {...props}
    />
  );
}
