import { describe, expect, it } from 'vitest';
import { contactInput } from './contact/inputs.ts';
import { createSchoolInput } from './school/inputs.ts';
import { loginInput, registerInput } from './user/inputs.ts';
import { emailInput, FORBIDDEN_CHARS_MESSAGE, firstNameInput, passwordInput, phoneInput, text } from './validation.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('shared inputs carry the spec §5 messages', () => {
  it('e-mail: length, then format', () => {
    expect(firstMessage(emailInput.safeParse('a@b'))).toBe('E-mail nesmí být kratší než 5 znaků');
    expect(firstMessage(emailInput.safeParse(`${'a'.repeat(250)}@example.cz`))).toBe('E-mail nesmí být delší než 250 znaků');
    expect(firstMessage(emailInput.safeParse('neni-email'))).toBe('Neplatný formát e-mailu');
    expect(emailInput.parse('  Jana@Example.CZ ')).toBe('jana@example.cz');
  });

  it('password: at least 7 characters including a special one', () => {
    const msg = 'Neplatý formát. Heslo musí obsahovat minimálně 6 písmen a spec. znak!';
    expect(firstMessage(passwordInput.safeParse('abcdef!'))).toBeUndefined();
    expect(firstMessage(passwordInput.safeParse('abcdefg'))).toBe(msg);
    expect(firstMessage(passwordInput.safeParse('abc!'))).toBe(msg);
  });

  it('phone: optional, loose pattern', () => {
    expect(phoneInput.parse('')).toBeNull();
    expect(phoneInput.parse('+420 603 123 456')).toBe('+420 603 123 456');
    expect(firstMessage(phoneInput.safeParse('volejte mi'))).toBe('Neplatný formát telefonního čísla');
  });

  it('login trims and lower-cases the e-mail and trims the password', () => {
    expect(loginInput.parse({ email: ' Demo@Volant.CZ ', password: ' Heslo1! ' })).toEqual({ email: 'demo@volant.cz', password: 'Heslo1!' });
    expect(firstMessage(loginInput.safeParse({}))).toBe('Prosím zadejte e-mail!');
  });

  it('registration requires names of 2 to 100 characters', () => {
    const r = registerInput.safeParse({ email: 'jana@example.cz', firstName: 'J', lastName: '', password: 'heslo12!' });
    expect(r.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`)).toEqual([
      'firstName: Jméno musí mít alespoň 2 znaky',
      'lastName: Prosím zadejte příjmení!',
    ]);
  });

  it('school: name, number, office and the address are required', () => {
    const r = createSchoolInput.safeParse({ info: {}, address: { postCode: '123' } });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Prosím zadejte název autoškoly!',
      'Prosím zadejte číslo autoškoly!',
      'Prosím zadejte přidělený úřad!',
      'Prosím zadejte ulici!',
      'Prosím zadejte číslo popisné!',
      'Prosím zadejte město!',
      'PSČ musí mít alespoň 5 znaků',
    ]);
  });

  it('contact message: 5 to 1000 characters', () => {
    expect(firstMessage(contactInput.safeParse({ email: 'jana@example.cz', message: 'ahoj' }))).toBe('Zpráva musí mít alespoň 5 znaků');
    expect(firstMessage(contactInput.safeParse({ email: 'jana@example.cz', message: 'x'.repeat(1001) }))).toBe('Zpráva může mít nejvýše 1000 znaků');
  });
});

describe('text the database cannot store', () => {
  // A NUL cannot go into PostgreSQL text; a lone surrogate has no UTF-8 form (jsonb refuses it).
  const forbidden = ['Jana\u0000', '\u0000', 'Ja\uD800na', 'Jana\uDC00', '\uDBFF'];

  it.each(forbidden)('refuses %j in names, e-mails, phones and passwords with a Czech field message', (value) => {
    expect(firstMessage(firstNameInput.safeParse(value))).toBe(FORBIDDEN_CHARS_MESSAGE);
    expect(firstMessage(emailInput.safeParse(`jana${value}@example.cz`))).toBe(FORBIDDEN_CHARS_MESSAGE);
    expect(firstMessage(phoneInput.safeParse(`+420 603 123 456${value}`))).toBe(FORBIDDEN_CHARS_MESSAGE);
    expect(firstMessage(passwordInput.safeParse(`Heslo-123${value}`))).toBe(FORBIDDEN_CHARS_MESSAGE);
    expect(firstMessage(text().safeParse(value))).toBe(FORBIDDEN_CHARS_MESSAGE);
  });

  it('names the field that holds the character', () => {
    const r = registerInput.safeParse({ email: 'jana@example.cz', firstName: 'Jana\u0000', lastName: 'Nová', password: 'heslo12!' });
    expect(r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([`firstName: ${FORBIDDEN_CHARS_MESSAGE}`]);
  });

  it('accepts emoji, right-to-left text and Czech letters', () => {
    for (const value of ['Jana 😀', '\u202Eנועה', 'Žluťoučký kůň', '👨‍👩‍👧']) expect(text().parse(value)).toBe(value);
  });
});
