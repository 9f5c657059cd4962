/**
 * fast-check arbitraries built from the JSON schemas of the OpenAPI document (the contract's Zod schemas
 * as fastify-type-provider-zod publishes them): values that fit a schema, the same with hostile values
 * planted at any depth, and hostile values of every kind (wrong types, boundaries, control characters,
 * NUL bytes, broken cursors, lone surrogates, huge strings).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';

/** The subset of JSON Schema (OpenAPI 3.0 flavour) the contract's schemas produce. */
type TJsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

export type TJsonSchema = {
  /** OpenAPI 3.1 (JSON Schema 2020-12) spells a nullable field as a list of types, e.g. ['string', 'null']. */
  type?: TJsonType | TJsonType[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: TJsonSchema;
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  additionalProperties?: TJsonSchema | boolean;
  propertyNames?: TJsonSchema;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  nullable?: boolean;
  default?: unknown;
};

/** Known values by field name (ids of seeded rows, identifiers, slugs), so valid requests reach the handlers. */
export type TValuePool = Record<string, readonly string[]>;

const base64url = (value: unknown): string =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Cursors that decode but are not what a list wrote: broken ids, broken instants, NUL bytes, wrong shapes. */
export const HOSTILE_CURSORS: readonly string[] = [
  base64url({ at: '2026-01-01T00:00:00.000Z', id: 'not-a-uuid' }),
  base64url({ at: 'not-a-date', id: randomUUID() }),
  base64url({ at: '2026-01-01T00:00:00.000Z', id: `${randomUUID()}\u0000` }),
  base64url({ at: 'a\u0000b', id: randomUUID() }),
  base64url({ at: 'NaN|not-a-date', id: randomUUID() }),
  base64url({ at: '1e999', id: randomUUID() }),
  base64url({ at: 7, id: randomUUID() }),
  base64url({ at: '+275760-09-13T00:00:00.001Z', id: randomUUID() }),
  base64url({ at: '2026-01-01T00:00:00.000Z', id: randomUUID() }),
  base64url({ id: randomUUID() }),
  base64url('null'),
  base64url('[]'),
  base64url('"text"'),
  base64url('{"at":'),
  'not base64 at all!',
  '%%%',
];

/** Strings that have broken servers before: control characters, header injection, NUL, huge, odd Unicode. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'Subject\r\nBcc: victim@example.test',
  'line\nbreak',
  'tab\there',
  '\u0007\u0008\u001b[31m',
  '\u0085next line',
  '\u2028\u2029',
  '\u202eevil',
  '\ud83d\ude00',
  '\ud800',
  'x'.repeat(10_001),
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '\\',
  '(a|b):*&!',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://127.0.0.1/admin',
  'https://example.invalid/page',
  '-1',
  '0',
  '99999999999999999999',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '2026-13-45T99:99:99Z',
  '+275760-09-13T00:00:00.000Z',
  ...HOSTILE_CURSORS,
];

/** Numbers at and past every boundary, including past PostgreSQL's integer and JavaScript's safe range. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  1,
  0.5,
  -0.000001,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
];

/** Values of the wrong kind for any field. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  ...HOSTILE_NUMBERS,
  [],
  [null],
  {},
  JSON.parse('{"__proto__": {"isAdmin": true}}') as unknown,
  JSON.parse('{"constructor": {"prototype": {"isAdmin": true}}}') as unknown,
  ['\u0000'],
  { '\u0000': 'x' },
];

const ISO_MIN = new Date('2020-01-01T00:00:00Z');
const ISO_MAX = new Date('2032-12-31T23:59:59Z');

function isoInstant(): fc.Arbitrary<string> {
  return fc.date({ min: ISO_MIN, max: ISO_MAX, noInvalidDate: true }).map((date) => date.toISOString());
}

function fromPool(pool: TValuePool, name: string | undefined): readonly string[] {
  return name === undefined ? [] : (pool[name] ?? []);
}

function validString(schema: TJsonSchema, name: string | undefined, pool: TValuePool): fc.Arbitrary<string> {
  const known = fromPool(pool, name);
  const maxLength = Math.min(schema.maxLength ?? 60, 60);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  let generated: fc.Arbitrary<string>;
  if (schema.format === 'uuid') generated = fc.uuid();
  else if (schema.format === 'date-time') generated = isoInstant();
  else if (schema.format === 'date') generated = isoInstant().map((iso) => iso.slice(0, 10));
  else if (schema.format === 'email')
    generated = fc.constantFrom('someone@example.test', 'Someone.Else+tag@Example.test');
  else if (schema.format === 'uri')
    generated = fc.constantFrom('https://example.invalid/page', 'http://example.invalid/a?b=c');
  else if (schema.pattern !== undefined)
    generated = fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length <= (schema.maxLength ?? 1000));
  else generated = fc.string({ minLength, maxLength, unit: 'grapheme' });
  return known.length > 0
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: generated })
    : generated;
}

function validNumber(schema: TJsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const min = schema.minimum ?? (exclusiveMin !== undefined ? exclusiveMin + 1 : -1000);
  const max = schema.maximum ?? (exclusiveMax !== undefined ? exclusiveMax - 1 : 1000);
  if (schema.type === 'integer') {
    const low = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
    const high = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
    return fc.oneof(fc.constantFrom(low, high), fc.integer({ min: low, max: Math.max(low, high) }));
  }
  return fc.oneof(fc.constantFrom(min, max), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

type TChild = (schema: TJsonSchema, name: string | undefined) => fc.Arbitrary<unknown>;

/** The shape of `schema` with children drawn by `child` (valid or fuzzed). */
function structural(
  schema: TJsonSchema,
  name: string | undefined,
  pool: TValuePool,
  child: TChild,
): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.type)) {
    const types = schema.type;
    return fc.oneof(...types.map((type) => structural({ ...schema, type }, name, pool, child)));
  }
  const variants = schema.anyOf ?? schema.oneOf;
  let arbitrary: fc.Arbitrary<unknown>;
  if (schema.const !== undefined) arbitrary = fc.constant(schema.const);
  else if (schema.enum !== undefined) arbitrary = fc.constantFrom(...schema.enum);
  else if (variants !== undefined) arbitrary = fc.oneof(...variants.map((variant) => child(variant, name)));
  else if (schema.allOf?.[0] !== undefined) arbitrary = child(schema.allOf[0], name);
  else {
    switch (schema.type) {
      case 'string':
        arbitrary = validString(schema, name, pool);
        break;
      case 'integer':
      case 'number':
        arbitrary = validNumber(schema);
        break;
      case 'boolean':
        arbitrary = fc.boolean();
        break;
      case 'null':
        arbitrary = fc.constant(null);
        break;
      case 'array': {
        const maxLength = Math.min(schema.maxItems ?? 3, 3);
        arbitrary = fc.array(child(schema.items ?? {}, name), {
          minLength: Math.min(schema.minItems ?? 0, maxLength),
          maxLength,
        });
        break;
      }
      case 'object':
      case undefined:
        arbitrary = objectOf(schema, child);
        break;
    }
  }
  return schema.nullable
    ? fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: fc.constant(null) })
    : arbitrary;
}

function objectOf(schema: TJsonSchema, child: TChild): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const named = fc.record(Object.fromEntries(names.map((key) => [key, child(properties[key] ?? {}, key)])), {
    requiredKeys: (schema.required ?? []).filter((key) => key in properties),
  });
  const extra = schema.additionalProperties;
  if (typeof extra !== 'object') return named;
  const enumKeys = schema.propertyNames?.enum?.filter((key): key is string => typeof key === 'string');
  const keys = enumKeys?.length
    ? fc.constantFrom(...enumKeys)
    : schema.propertyNames?.format === 'uuid'
      ? fc.uuid()
      : fc.constantFrom('mentee', 'mentor', 'both', 'key', 'x-y');
  return fc
    .tuple(named, fc.dictionary(keys, child(extra, undefined), { maxKeys: 3 }))
    .map(([known, more]) => ({ ...more, ...known }));
}

/** A value that fits `schema` (ids from the pool when it knows the field's name). */
export function validValue(schema: TJsonSchema, pool: TValuePool, name?: string): fc.Arbitrary<unknown> {
  const child: TChild = (inner, innerName) => validValue(inner, pool, innerName);
  return structural(schema, name, pool, child);
}

/** A hostile value aimed at `schema`: mostly of the right type (to pass the type check and reach deeper rules), sometimes not. */
export function hostileValue(schema: TJsonSchema): fc.Arbitrary<unknown> {
  const anything = fc.constantFrom(...HOSTILE_VALUES, ...HOSTILE_STRINGS);
  const typed =
    schema.type === 'string'
      ? fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: 30 }))
      : schema.type === 'integer' || schema.type === 'number'
        ? fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.double())
        : schema.type === 'array'
          ? fc.oneof(
              fc.constant(new Array<null>(200).fill(null)),
              fc.array(fc.constantFrom(...HOSTILE_STRINGS), { maxLength: 3 }),
            )
          : anything;
  return fc.oneof({ weight: 3, arbitrary: typed }, { weight: 1, arbitrary: anything });
}

/** The shape of `schema` with hostile values planted at any depth, missing required fields and extra ones. */
export function fuzzedValue(schema: TJsonSchema, pool: TValuePool, name?: string): fc.Arbitrary<unknown> {
  const child: TChild = (inner, innerName) => fuzzedValue(inner, pool, innerName);
  const shaped = structural(schema, name, pool, child);
  const isObject = schema.type === 'object' || (schema.type === undefined && schema.properties !== undefined);
  const variants: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 4, arbitrary: shaped },
    { weight: 1, arbitrary: hostileValue(schema) },
  ];
  if (isObject) {
    // Required fields left out, and fields the contract does not know.
    variants.push({
      weight: 1,
      arbitrary: fc
        .tuple(
          validValue(schema, pool, name),
          fc.constantFrom(...(schema.required?.length ? schema.required : ['x'])),
          fc.constantFrom(...HOSTILE_VALUES),
        )
        .map(([value, dropped, extraValue]) => {
          const copy: Record<string, unknown> = {
            ...(value as Record<string, unknown>),
            unexpectedField: extraValue,
          };
          delete copy[dropped];
          return copy;
        }),
    });
  }
  return fc.oneof(...variants);
}
