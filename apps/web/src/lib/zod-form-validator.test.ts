import { ZSignInRequest } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { zodFormValidator } from './zod-form-validator';

describe('zodFormValidator', () => {
  const validate = zodFormValidator(ZSignInRequest, { email: 'Enter a valid email address.' });

  it('answers no errors for valid values', () => {
    expect(validate({ loginMethod: 'email', email: 'a@b.edu', password: 'x' })).toEqual({});
  });

  it('maps issues to field paths, with the page message where given', () => {
    const errors = validate({ loginMethod: 'email', email: 'nope', password: '' });
    expect(errors.email).toBe('Enter a valid email address.');
    expect(typeof errors.password).toBe('string');
  });
});
