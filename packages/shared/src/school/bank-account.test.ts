import { describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_MESSAGES, bankAccountIban, bankAccountInput, czechIban, parseBankAccount } from './bank-account.ts';

const issues = (v: unknown) => {
  const r = bankAccountInput.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('the school bank account (Czech format or IBAN)', () => {
  it('derives the IBAN of a Czech account (stack-notes: 19-2000145399/0800 → CZ6508000000192000145399)', () => {
    expect(czechIban('19', '2000145399', '0800')).toBe('CZ6508000000192000145399');
    expect(parseBankAccount('19-2000145399/0800')).toEqual({
      display: '19-2000145399/0800',
      iban: 'CZ6508000000192000145399',
      czech: { prefix: '19', number: '2000145399', bankCode: '0800' },
    });
    expect(parseBankAccount('2000145399/0800')).toMatchObject({ display: '2000145399/0800', iban: 'CZ7908000000002000145399' });
  });

  it('normalizes: spaces and leading zeros go, a CZ IBAN becomes the Czech form, a foreign IBAN is grouped by four', () => {
    expect(parseBankAccount(' 000019 - 2000145399 / 0800 ')).toMatchObject({ display: '19-2000145399/0800' });
    expect(parseBankAccount('0000000019/0800')).toMatchObject({ display: '19/0800' });
    expect(parseBankAccount('0-2000145399/0800')).toMatchObject({ display: '2000145399/0800' });
    expect(parseBankAccount('cz65 0800 0000 1920 0014 5399')).toMatchObject({ display: '19-2000145399/0800', iban: 'CZ6508000000192000145399' });
    expect(parseBankAccount('SK31 1200 0000 1987 4263 7541')).toEqual({
      display: 'SK31 1200 0000 1987 4263 7541',
      iban: 'SK3112000000198742637541',
      czech: null,
    });
  });

  it('refuses a number or prefix failing the mod-11 check, a wrong IBAN check or length, and other shapes', () => {
    expect(parseBankAccount('123456789/0800')).toBe('number');
    expect(parseBankAccount('2000145398/0800')).toBe('number');
    expect(parseBankAccount('0000000000/0800')).toBe('number');
    expect(parseBankAccount('18-2000145399/0800')).toBe('prefix');
    expect(parseBankAccount('CZ6608000000192000145399')).toBe('iban');
    expect(parseBankAccount('CZ650800000019200014539')).toBe('ibanLength');
    // A CZ IBAN whose own check digits agree but whose number fails mod-11.
    expect(parseBankAccount(czechIban('', '123456789', '0800'))).toBe('number');
    for (const v of ['2000145399', '2000145399/800', '1234567-2000145399/0800', 'účet', '2000145399/0800x']) expect(parseBankAccount(v)).toBe('format');
  });

  it('the shared input: optional, Czech messages, output normalized and stable when parsed again', () => {
    expect(bankAccountInput.parse('')).toBeNull();
    expect(bankAccountInput.parse(null)).toBeNull();
    expect(bankAccountInput.parse(' 19-2000145399/0800 ')).toBe('19-2000145399/0800');
    expect(bankAccountInput.parse(bankAccountInput.parse('CZ65 0800 0000 1920 0014 5399'))).toBe('19-2000145399/0800');
    expect(issues('123456789/0800')).toEqual([BANK_ACCOUNT_MESSAGES.number]);
    expect(issues('18-2000145399/0800')).toEqual([BANK_ACCOUNT_MESSAGES.prefix]);
    expect(issues('CZ6608000000192000145399')).toEqual([BANK_ACCOUNT_MESSAGES.iban]);
    expect(issues('abc')).toEqual([BANK_ACCOUNT_MESSAGES.format]);
    expect(BANK_ACCOUNT_MESSAGES.format).toBe('Zadejte účet ve tvaru předčíslí-číslo/kód banky (např. 19-2000145399/0800) nebo jako IBAN');
  });

  it('the IBAN of a stored account; none for an empty or an old free-text one', () => {
    expect(bankAccountIban('19-2000145399/0800')).toBe('CZ6508000000192000145399');
    expect(bankAccountIban('SK31 1200 0000 1987 4263 7541')).toBe('SK3112000000198742637541');
    expect(bankAccountIban(null)).toBeNull();
    expect(bankAccountIban('123456789/0800')).toBeNull();
  });
});
