// The applicant's personal data and address as form fields (spec §5 student rules): one set for the office's
// new-student form and the public application form. Only antd and the country list, so the public page's chunk stays
// small. `personal` says the person fills in their own data (the browser may autofill it); the office fills in
// someone else's, so autofill is off there.
import { COUNTRIES_CS } from '@volant/shared/countries';
import { latestBirthDate } from '@volant/shared/validation';
import { Col, type ColProps, Form, Input, Select, type SelectProps } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { DayPicker } from '../../components/day-picker.tsx';
import { browserNow } from '../../lib/clock.ts';

/** What the personal-data fields hold before the shared schema parses them. */
export interface StudentInfoValues {
  firstName?: string;
  lastName?: string;
  degree?: string;
  birthDate?: Dayjs | null;
  birthPlace?: string;
  citizenship?: string;
  docId?: string;
  phone?: string;
  email?: string;
}
export interface StudentAddressValues {
  street?: string;
  streetCode?: string;
  city?: string;
  postCode?: string;
}

const COUNTRY_OPTIONS = COUNTRIES_CS.map((c) => ({ value: c, label: c }));

export function CitizenshipSelect(props: Omit<SelectProps<string>, 'options' | 'mode'>) {
  return <Select<string> options={COUNTRY_OPTIONS} showSearch={{ optionFilterProp: 'label' }} placeholder="Vyberte státní občanství" {...props} />;
}

interface FieldsProps {
  /** Each field's column. */
  col: ColProps;
  personal?: boolean;
}

/** studentInfo: name, degree, birth date and place, citizenship, ID document, phone, e-mail; `children` after them. */
export function StudentInfoFields({
  col,
  personal = false,
  docIdExtra,
  emailExtra,
  children,
}: FieldsProps & { docIdExtra?: ReactNode; emailExtra?: ReactNode; children?: ReactNode }) {
  const auto = (token: string) => (personal ? token : 'off');
  return (
    <>
      <Col {...col}>
        <Form.Item label="Jméno" name={['studentInfo', 'firstName']} required>
          <Input autoComplete={auto('given-name')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label="Příjmení" name={['studentInfo', 'lastName']} required>
          <Input autoComplete={auto('family-name')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label="Titul (volitelné)" name={['studentInfo', 'degree']}>
          <Input autoComplete={auto('honorific-prefix')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label="Datum narození" name={['studentInfo', 'birthDate']} required>
          <DayPicker latest={latestBirthDate(browserNow())} style={{ width: '100%' }} placeholder="D.M.RRRR" />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label="Místo narození" name={['studentInfo', 'birthPlace']} required>
          <Input />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label="Státní občanství" name={['studentInfo', 'citizenship']} required>
          <CitizenshipSelect />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label="Doklad totožnosti" name={['studentInfo', 'docId']} required extra={docIdExtra}>
          <Input />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label="Telefon (volitelné)" name={['studentInfo', 'phone']}>
          <Input inputMode="tel" autoComplete={auto('tel')} />
        </Form.Item>
      </Col>
      <Col {...(personal ? { span: 24 } : col)}>
        <Form.Item label="E-mail (volitelné)" name={['studentInfo', 'email']} extra={emailExtra}>
          <Input inputMode="email" autoComplete={auto('email')} />
        </Form.Item>
      </Col>
      {children}
    </>
  );
}

/** studentAddress: street, house number, city, postcode. */
export function StudentAddressFields({ col, personal = false }: FieldsProps) {
  const auto = (token: string) => (personal ? token : undefined);
  return (
    <>
      <Col {...col}>
        <Form.Item label="Ulice" name={['studentAddress', 'street']} required>
          <Input autoComplete={auto('address-line1')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label="Číslo popisné" name={['studentAddress', 'streetCode']} required>
          <Input />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label="Město" name={['studentAddress', 'city']} required>
          <Input autoComplete={auto('address-level2')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label="PSČ" name={['studentAddress', 'postCode']} required>
          <Input inputMode={personal ? 'numeric' : undefined} autoComplete={auto('postal-code')} />
        </Form.Item>
      </Col>
    </>
  );
}
