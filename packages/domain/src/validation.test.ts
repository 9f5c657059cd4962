import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  INVALID_LOGIN_METHOD_MESSAGE,
  isValidEmail,
  isValidMailto,
  validateLoginMethod,
} from './validation.js';

describe('checkPassword (spec 5 Password)', () => {
  it.each([
    ['Abcdefg1', true],
    ['Abcdef1', false],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['', false],
    ['ÄbcdefG1', true],
  ])('judges %j valid=%s', (password, isValid) => {
    expect(checkPassword(password).isValid).toBe(isValid);
  });

  it('lists each sub-rule with a readable label in a fixed order', () => {
    expect(checkPassword('abc')).toEqual({
      isValid: false,
      rules: [
        { id: 'minLength', label: 'At least 8 characters', isMet: false },
        { id: 'uppercase', label: 'An uppercase letter', isMet: false },
        { id: 'lowercase', label: 'A lowercase letter', isMet: true },
        { id: 'digit', label: 'A digit', isMet: false },
      ],
    });
  });

  it('accepts exactly 8 characters and rejects 7', () => {
    expect(checkPassword('Aa1aaaaa').rules[0]?.isMet).toBe(true);
    expect(checkPassword('Aa1aaaa').rules[0]?.isMet).toBe(false);
  });

  it('is valid exactly when every sub-rule is met (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (password) => {
        const result = checkPassword(password);
        expect(result.isValid).toBe(result.rules.every((rule) => rule.isMet));
        expect(result.rules.map((rule) => rule.id)).toEqual(['minLength', 'uppercase', 'lowercase', 'digit']);
      }),
    );
  });

  it('accepts any password built from an upper, a lower, a digit and 5+ more characters (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('A', 'Q', 'Z'),
        fc.constantFrom('a', 'm', 'z'),
        fc.integer({ min: 0, max: 9 }),
        fc.string({ minLength: 5, maxLength: 30 }),
        (upper, lower, digit, rest) => {
          expect(checkPassword(`${rest}${upper}${lower}${digit}`).isValid).toBe(true);
        },
      ),
    );
  });
});

describe('isValidEmail (spec 5 Email)', () => {
  it.each([
    ['ada@example.edu', true],
    ['ada.lovelace+tag@mail.example.co.uk', true],
    ["o'brien@example.org", true],
    ['ada@example', false],
    ['ada@@example.edu', false],
    ['@example.edu', false],
    ['ada example@example.edu', false],
    ['ada@-example.edu', false],
    ['ada.@example.edu', false],
    ['', false],
    [`${'a'.repeat(64)}@example.edu`, true],
    [`${'a'.repeat(65)}@example.edu`, false],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.io`, true],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(58)}.io`, false],
  ])('judges %j valid=%s', (email, isValid) => {
    expect(isValidEmail(email)).toBe(isValid);
  });

  it('accepts generated well-formed addresses (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,20}$/),
        fc.stringMatching(/^[a-z0-9]{1,20}$/),
        fc.stringMatching(/^[a-z]{2,6}$/),
        (local, domain, tld) => {
          expect(isValidEmail(`${local}@${domain}.${tld}`)).toBe(true);
        },
      ),
    );
  });

  it('rejects any string containing whitespace (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(' ', '\t', '\n'), fc.string(), (a, space, b) => {
        expect(isValidEmail(`${a}${space}${b}`)).toBe(false);
      }),
    );
  });
});

describe('isValidMailto (spec 5 Email)', () => {
  it.each([
    ['mailto:ada@example.edu', true],
    ['MAILTO:ada@example.edu?subject=Hi', true],
    ['mailto:ada@example.edu,bob@example.org', true],
    ['mailto:ada%40example.edu', true],
    ['mailto:', false],
    ['mailto:?subject=Hi', false],
    ['mailto:not-an-email', false],
    ['mailto:%E0%A4%A', false],
    ['https://example.edu', false],
  ])('judges %j valid=%s', (link, isValid) => {
    expect(isValidMailto(link)).toBe(isValid);
  });
});

describe('validateLoginMethod (spec 5 Sign-in login method)', () => {
  it.each([
    ['google', null],
    ['email', null],
    ['', INVALID_LOGIN_METHOD_MESSAGE],
    [undefined, INVALID_LOGIN_METHOD_MESSAGE],
    [null, INVALID_LOGIN_METHOD_MESSAGE],
    [42, INVALID_LOGIN_METHOD_MESSAGE],
    [{ method: 'google' }, INVALID_LOGIN_METHOD_MESSAGE],
  ])('answers %j with %j', (value, expected) => {
    expect(validateLoginMethod(value)).toBe(expected);
  });

  it('uses the exact spec message', () => {
    expect(INVALID_LOGIN_METHOD_MESSAGE).toBe('Invalid Login Method');
  });
});
