import { findUnfilledPlaceholders } from './validation.js';

/**
 * The auto-greeting (issue #22 item 1; spec 6 feature flag 'auto-greeting', action item auto_greeting_welcome):
 * a welcome message a hub sends each new member once, from an admin of the hub. Its text may carry the fields
 * below in braces, which the server fills for each member; a bracketed placeholder such as '[add school name]'
 * is an unfilled one, and a message template is invalid while one is left (spec 5 Message template).
 */

/** The fields a greeting may carry, filled for each member: `{first name}` becomes the member's first name. */
export const AUTO_GREETING_FIELDS = ['first name', 'last name', 'hub name'] as const;
export type TAutoGreetingField = (typeof AUTO_GREETING_FIELDS)[number];

/** The value of each field for one member. */
export type TAutoGreetingValues = Readonly<Record<TAutoGreetingField, string>>;

/** Longest greeting text. */
export const AUTO_GREETING_MAX_LENGTH = 2000;

const FIELD = /\{([^{}\n]{1,40})\}/g;

/** Braced names in the text that are not greeting fields, such as '{nickname}'. */
export function unknownAutoGreetingFields(text: string): string[] {
  const known = new Set<string>(AUTO_GREETING_FIELDS);
  return [...text.matchAll(FIELD)]
    .filter((match) => !known.has((match[1] ?? '').trim().toLowerCase()))
    .map((match) => match[0]);
}

/** The greeting as one member receives it: each field replaced by its value. */
export function fillAutoGreeting(text: string, values: TAutoGreetingValues): string {
  return text.replace(FIELD, (whole, name: string) => {
    const key = name.trim().toLowerCase() as TAutoGreetingField;
    return AUTO_GREETING_FIELDS.includes(key) ? values[key] : whole;
  });
}

/**
 * Why a greeting text cannot be saved, or null: it is sent as written, so an unfilled placeholder is refused
 * with the composer's words (spec 5 Message template), and so is a braced name that is not a field.
 */
export function autoGreetingTextError(text: string): string | null {
  const placeholders = findUnfilledPlaceholders(text);
  if (placeholders.length > 0)
    return `Please replace ${placeholders.join(', ')} before saving: the greeting is sent as written.`;
  const unknown = unknownAutoGreetingFields(text);
  if (unknown.length > 0)
    return `${unknown.join(', ')} is not a field. Use ${AUTO_GREETING_FIELDS.map((f) => `{${f}}`).join(', ')}.`;
  return null;
}
