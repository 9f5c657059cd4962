/**
 * Validation rules of spec 5 (and the sign-in login method of spec 8), shared by the server
 * (authoritative) and the web app (instant feedback).
 */

/** Identifier of one password sub-rule (spec 5 Password). */
export type TPasswordRuleId = 'minLength' | 'uppercase' | 'lowercase' | 'digit';

/** One evaluated password sub-rule with its human-readable label. */
export interface TPasswordRuleResult {
  id: TPasswordRuleId;
  label: string;
  isMet: boolean;
}

/** Result of a password check: overall validity plus every sub-rule. */
export interface TPasswordCheck {
  isValid: boolean;
  rules: TPasswordRuleResult[];
}

/** Minimum password length (spec 5 Password). */
export const PASSWORD_MIN_LENGTH = 8;

const PASSWORD_RULES: ReadonlyArray<{
  id: TPasswordRuleId;
  label: string;
  test: (password: string) => boolean;
}> = [
  {
    id: 'minLength',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => [...p].length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', label: 'An uppercase letter', test: (p) => /\p{Lu}/u.test(p) },
  { id: 'lowercase', label: 'A lowercase letter', test: (p) => /\p{Ll}/u.test(p) },
  { id: 'digit', label: 'A digit', test: (p) => /[0-9]/.test(p) },
];

/** Checks a password and lists each sub-rule: 8+ characters, upper, lower, digit (spec 5 Password). */
export function checkPassword(password: string): TPasswordCheck {
  const rules = PASSWORD_RULES.map(({ id, label, test }) => ({ id, label, isMet: test(password) }));
  return { isValid: rules.every((rule) => rule.isMet), rules };
}

/** Maximum length of an e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Format check of an e-mail address: local@domain.tld, no spaces, at most 254 characters (spec 5 Email). */
export function isValidEmail(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  return EMAIL_PATTERN.test(email);
}

/** Checks a mailto: link whose every comma-separated recipient passes the e-mail check (spec 5 Email). */
export function isValidMailto(link: string): boolean {
  const match = /^mailto:([^?]*)(\?.*)?$/i.exec(link);
  const recipients = match?.[1];
  if (recipients === undefined || recipients === '') return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(recipients);
  } catch {
    return false;
  }
  return decoded.split(',').every((address) => isValidEmail(address.trim()));
}

/** User message for a missing or malformed sign-in login method (spec 5, spec 8). */
export const INVALID_LOGIN_METHOD_MESSAGE = 'Invalid Login Method';

/** Returns 'Invalid Login Method' unless the value is a non-empty string, else null (spec 5 Sign-in login method). */
export function validateLoginMethod(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0) return INVALID_LOGIN_METHOD_MESSAGE;
  return null;
}
