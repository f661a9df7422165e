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
import { Col, type ColProps, Form, Input, Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';
import { useTRPC } from '../../lib/trpc.ts';
import { fullName } from '@volant/shared/format';
import { useSchoolInput } from '../../app/use-school.ts';
import { needsLicenceNumber } from '@volant/shared/student/inputs';

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

/** The licence number: required for extension (Rozšiřující) training only, as the shared schema says. */
function LicenceNumberField() {
  const kind = Form.useWatch(['studentStudyInfo', 'trainingKind'], Form.useFormInstance()) as TrainingKind | undefined;
  const required = needsLicenceNumber(kind);
  return (
    <Form.Item
      label={required ? 'Číslo řidičského průkazu' : 'Číslo řidičského průkazu (volitelné)'}
      name={['studentStudyInfo', 'carIdNumber']}
      required={required}
    >
      <Input />
    </Form.Item>
  );
}

/** What the study fields hold before the shared schema parses them. */
export interface StudentStudyValues {
  group?: LicenceGroup[];
  currentGroups?: LicenceGroup[];
  trainingKind?: TrainingKind;
  trainingType?: TrainingType;
  carIdNumber?: string;
  note?: string;
}

/**
 * studentStudyInfo as form fields (the new-student form, the admission of an applicant): kind, type, the groups held
 * (non-basic training only), the group(s) asked for, the driving licence number and a note. `beforeLicenceNumber`
 * goes before the licence number (the new-student form's registration number).
 */
export function StudentStudyFields({ col, isBasic, beforeLicenceNumber }: { col: ColProps; isBasic: boolean; beforeLicenceNumber?: ReactNode }) {
  return (
    <>
      <Col {...col}>
        <Form.Item label="Druh výcviku" name={['studentStudyInfo', 'trainingKind']} required>
          <TrainingKindSelect />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label="Typ výuky" name={['studentStudyInfo', 'trainingType']} required>
          <TrainingTypeSelect />
        </Form.Item>
      </Col>
      {!isBasic && (
        <Col {...col}>
          <Form.Item label="Aktuální skupiny" name={['studentStudyInfo', 'currentGroups']}>
            <LicenceGroupSelect />
          </Form.Item>
        </Col>
      )}
      <Col {...col}>
        <Form.Item label={isBasic ? 'Skupina' : 'Požadovaná skupina'} name={['studentStudyInfo', 'group']} required>
          <LicenceGroupSelect />
        </Form.Item>
      </Col>
      {beforeLicenceNumber}
      <Col {...col}>
        <LicenceNumberField />
      </Col>
      <Col span={24}>
        <Form.Item label="Poznámka (volitelné)" name={['studentStudyInfo', 'note']}>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
      </Col>
    </>
  );
}
