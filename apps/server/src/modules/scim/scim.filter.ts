import { ScimError } from './scim.errors.js';

/**
 * The parts of RFC 7644's filter and path grammar (3.4.2.2, 3.5.2) that identity providers send: `attr eq
 * value` comparisons joined by `and` (userName, externalId, displayName, id, emails.value), and PATCH paths such
 * as `name.givenName`, `emails[type eq "work"].value` or `members[value eq "…"]`, with or without the
 * schema URN in front.
 */

export type TScimValue = string | boolean | null;
export type TScimComparison = { attribute: string; value: TScimValue };

const CORE_URN_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(?:User|Group):/i;
const ATTRIBUTE = /^[A-Za-z][\w$-]*(?:\.[A-Za-z][\w$-]*)?/;

/** Parses `a eq "x" and b eq "y"`; attribute names come back lower case. Anything else is invalidFilter. */
export function parseScimFilter(filter: string): TScimComparison[] {
  const tokens = tokenize(filter);
  const comparisons: TScimComparison[] = [];
  let i = 0;
  for (;;) {
    const attribute = tokens[i];
    const operator = tokens[i + 1];
    const value = tokens[i + 2];
    if (attribute?.kind !== 'word' || operator?.kind !== 'word' || value === undefined)
      throw invalidFilter(filter);
    if (operator.text.toLowerCase() !== 'eq')
      throw new ScimError(400, `Only the eq operator is supported (got ${operator.text})`, 'invalidFilter');
    const name = attribute.text.replace(CORE_URN_PREFIX, '');
    if (!ATTRIBUTE.test(name) || ATTRIBUTE.exec(name)?.[0] !== name) throw invalidFilter(filter);
    comparisons.push({ attribute: name.toLowerCase(), value: literalValue(value, filter) });
    i += 3;
    if (i === tokens.length) return comparisons;
    const joiner = tokens[i];
    if (joiner?.kind !== 'word' || joiner.text.toLowerCase() !== 'and' || i + 1 === tokens.length)
      throw invalidFilter(filter);
    i += 1;
  }
}

type TToken = { kind: 'word'; text: string } | { kind: 'string'; text: string };

function tokenize(input: string): TToken[] {
  const tokens: TToken[] = [];
  let i = 0;
  while (i < input.length) {
    const char = input[i] as string;
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === '"') {
      // A JSON string literal (RFC 7644: compValue is a JSON value).
      let end = i + 1;
      while (end < input.length && input[end] !== '"') end += input[end] === '\\' ? 2 : 1;
      if (end >= input.length) throw invalidFilter(input);
      try {
        tokens.push({ kind: 'string', text: JSON.parse(input.slice(i, end + 1)) as string });
      } catch {
        throw invalidFilter(input);
      }
      i = end + 1;
    } else {
      let end = i;
      while (end < input.length && !/[\s"()[\]]/.test(input[end] as string)) end += 1;
      if (end === i) throw invalidFilter(input);
      tokens.push({ kind: 'word', text: input.slice(i, end) });
      i = end;
    }
  }
  return tokens;
}

function literalValue(token: TToken, filter: string): TScimValue {
  if (token.kind === 'string') return token.text;
  const word = token.text.toLowerCase();
  if (word === 'true') return true;
  if (word === 'false') return false;
  if (word === 'null') return null;
  throw invalidFilter(filter);
}

function invalidFilter(filter: string): ScimError {
  return new ScimError(400, `The filter is not valid: ${filter.slice(0, 200)}`, 'invalidFilter');
}

/** A PATCH path: `attribute[valueFilter].subAttribute`, names lower case. */
export type TScimPath = {
  attribute: string;
  filter: TScimComparison[] | null;
  subAttribute: string | null;
};

const PATH = /^([A-Za-z][\w$-]*)(?:\[(.+)\])?(?:\.([A-Za-z][\w$-]*))?$/;

/**
 * Parses a PATCH path. An extension's URN (such as the enterprise user's) answers null: this server keeps no
 * extension attribute, and ignores them as it ignores other attributes it does not keep.
 */
export function parseScimPath(path: string): TScimPath | null {
  const withoutCore = path.trim().replace(CORE_URN_PREFIX, '');
  if (/^urn:/i.test(withoutCore)) return null;
  const match = PATH.exec(withoutCore);
  if (!match) throw new ScimError(400, `The path is not valid: ${path.slice(0, 200)}`, 'invalidPath');
  const [, attribute, filter, subAttribute] = match;
  let comparisons: TScimComparison[] | null = null;
  if (filter !== undefined) {
    try {
      comparisons = parseScimFilter(filter);
    } catch {
      throw new ScimError(400, `The path's filter is not valid: ${path.slice(0, 200)}`, 'invalidPath');
    }
  }
  return {
    attribute: (attribute as string).toLowerCase(),
    filter: comparisons,
    subAttribute: subAttribute?.toLowerCase() ?? null,
  };
}
