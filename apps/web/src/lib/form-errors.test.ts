import { contactInput } from '@volant/shared/contact/inputs';
import { registerInput } from '@volant/shared/user/inputs';
import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors, serverFieldErrors } from './form-errors.ts';

describe('issuesToFieldErrors', () => {
  it('gives each field its first Czech message', () => {
    const result = contactInput.safeParse({ email: 'ab', message: '' });
    expect(result.success).toBe(false);
    const fields = issuesToFieldErrors(result.error!.issues);
    expect(fields).toEqual([
      { name: ['email'], errors: ['E-mail nesmí být kratší než 5 znaků'] },
      { name: ['message'], errors: ['Prosím zadejte zprávu!'] },
    ]);
  });

  it('reports the password rule of spec §5', () => {
    const result = registerInput.safeParse({ email: 'jana@example.cz', firstName: 'Jana', lastName: 'Nová', phone: '', password: 'abc' });
    expect(issuesToFieldErrors(result.error!.issues)).toEqual([
      { name: ['password'], errors: ['Neplatý formát. Heslo musí obsahovat minimálně 6 písmen a spec. znak!'] },
    ]);
  });

  it('keeps nested paths and applies a prefix', () => {
    const fields = issuesToFieldErrors(
      [
        { path: ['address', 'street'], message: 'Prosím zadejte ulici!' },
        { path: [], message: 'form-level' },
      ],
      ['school'],
    );
    expect(fields).toEqual([{ name: ['school', 'address', 'street'], errors: ['Prosím zadejte ulici!'] }]);
  });
});

describe('serverFieldErrors', () => {
  it('maps flattened zod field errors to antd fields', () => {
    expect(serverFieldErrors({ email: ['Neplatný formát e-mailu', 'x'], message: [] }, ['info'])).toEqual([
      { name: ['info', 'email'], errors: ['Neplatný formát e-mailu'] },
    ]);
  });
});
