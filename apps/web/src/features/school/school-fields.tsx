// Form fields of a school (spec §3 School, §5 messages): info with the office suggestions, address, operator, contact.
import { AutoComplete, Form, Input, InputNumber, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { optional } from '../../components/form-result.tsx';
import { filterOffices, isPragueOffice } from './offices.ts';

type Prefix = string | undefined;
const field = (prefix: Prefix, name: string) => (prefix ? [prefix, name] : name);

export function SchoolInfoFields({ prefix }: { prefix?: string }) {
  const form = Form.useFormInstance();
  const office = Form.useWatch(prefix ? [prefix, 'office'] : 'office', form) as string | undefined;
  const [search, setSearch] = useState('');
  const options = useMemo(() => filterOffices(search).map((value) => ({ value })), [search]);
  return (
    <>
      <Form.Item label="Název autoškoly" name={field(prefix, 'name')} required>
        <Input autoComplete="organization" />
      </Form.Item>
      <Form.Item label="Číslo autoškoly" name={field(prefix, 'number')} required>
        <Input />
      </Form.Item>
      <Form.Item label="Přidělený úřad" name={field(prefix, 'office')} required extra="Vyberte ze seznamu nebo napište název úřadu.">
        <AutoComplete options={options} onSearch={setSearch} filterOption={false} />
      </Form.Item>
      {isPragueOffice(office) && (
        <Form.Item label={optional('Pražské číslo autoškoly')} name={field(prefix, 'numberPrague')}>
          <Input />
        </Form.Item>
      )}
    </>
  );
}

export function AddressFields({ prefix }: { prefix?: string }) {
  return (
    <>
      <Form.Item label="Ulice" name={field(prefix, 'street')} required>
        <Input autoComplete="address-line1" />
      </Form.Item>
      <Form.Item label="Číslo popisné" name={field(prefix, 'streetCode')} required>
        <Input />
      </Form.Item>
      <Form.Item label="Město" name={field(prefix, 'city')} required>
        <Input autoComplete="address-level2" />
      </Form.Item>
      <Form.Item label="PSČ" name={field(prefix, 'postCode')} required>
        <Input autoComplete="postal-code" inputMode="numeric" />
      </Form.Item>
    </>
  );
}

/** The operator is also the supplier on the school's documents: VAT status, DIČ, account and due days (issue 9). */
export function OperatorFields() {
  const isVatPayer = Form.useWatch('vatPayer', Form.useFormInstance()) === true;
  return (
    <>
      <Form.Item label="Název provozovatele" name="name" required extra="Firma nebo fyzická osoba, která autoškolu provozuje.">
        <Input />
      </Form.Item>
      <Form.Item label="IČO" name="companyNumber" required>
        <Input inputMode="numeric" />
      </Form.Item>
      <AddressFields />
      <Form.Item label="Plátce DPH" name="vatPayer" valuePropName="checked" extra="Doklady plátce uvádějí DIČ, sazby DPH a jejich rekapitulaci.">
        <Switch aria-label="Plátce DPH" />
      </Form.Item>
      <Form.Item label={isVatPayer ? 'DIČ' : optional('DIČ')} name="vatId" required={isVatPayer}>
        <Input placeholder="CZ12345678" />
      </Form.Item>
      <Form.Item
        label={optional('Bankovní účet')}
        name="bankAccount"
        extra="Číslo účtu (předčíslí-číslo/kód banky) nebo IBAN. Uvádí se na dokladech s platbou převodem i s QR Platbou; bez něj je vystavit nelze."
      >
        <Input placeholder="19-2000145399/0800" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Splatnost faktur ve dnech" name="invoiceDueDays" required>
        <InputNumber<number> aria-label="Splatnost faktur ve dnech" min={1} max={90} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </>
  );
}

export function ContactFields() {
  return (
    <>
      <Form.Item label={optional('E-mail')} name="email">
        <Input inputMode="email" />
      </Form.Item>
      <Form.Item label={optional('Telefon')} name="phone">
        <Input type="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item label={optional('Web')} name="web">
        <Input inputMode="url" />
      </Form.Item>
    </>
  );
}
