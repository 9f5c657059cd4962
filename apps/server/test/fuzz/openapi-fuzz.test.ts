/**
 * Issue #13: every operation of /api/openapi.json, called with malformed and boundary input generated from
 * its own schemas (wrong types, empty and huge strings, NUL bytes, control characters, lone surrogates,
 * negative and huge numbers, invalid uuids and cursors, missing required and unknown fields, path
 * parameters that are not ids, junk multipart bodies), answers below 500, without a stack trace, and
 * every JSON error is the one error body. A fixed seed keeps the suite repeatable; FUZZ_RUNS (requests
 * per operation) and FUZZ_SEED widen or vary a run by hand.
 */
import { MODULE_IDS, ZErrorBody } from '@commons/contract';
import { HUB_ACCESS_RIGHTS } from '@commons/domain';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../factories.js';
import { describeDb, getTestApp, type TTestApp } from '../test-app.js';
import {
  fuzzedValue,
  HOSTILE_CURSORS,
  HOSTILE_STRINGS,
  hostileValue,
  validValue,
  type TJsonSchema,
  type TValuePool,
} from './schema-arbitraries.js';

const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 5);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
/** Requests per operation that checks a password: argon2id costs ~100 ms per call by design. */
const PASSWORD_RUNS = process.env.FUZZ_RUNS === undefined ? 2 : RUNS_PER_OPERATION;

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type TParameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: TJsonSchema };
type TOperation = {
  method: TMethod;
  path: string;
  parameters: TParameter[];
  body: TJsonSchema | null;
  isBodyRequired: boolean;
};
type TOpenApi = {
  paths: Record<
    string,
    Partial<
      Record<
        Lowercase<TMethod>,
        {
          parameters?: TParameter[];
          requestBody?: { required?: boolean; content?: Record<string, { schema: TJsonSchema }> };
        }
      >
    >
  >;
};

type TCaller = 'admin' | 'member' | 'anonymous' | 'forged';
type TRequest = {
  caller: TCaller;
  hubHeader: string | null;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body:
    | { kind: 'json'; value: unknown }
    | { kind: 'none' }
    | { kind: 'multipart'; payload: string; boundary: string }
    | { kind: 'raw'; payload: string; contentType: string };
};

/** A V8 stack frame (`at fn (/path/file.ts:1:2)`) or a source path of this server. */
const STACK_TRACE =
  /\bat\s[^\n"]*\(?(?:file:\/\/|node:|\/)[^\n"]*:\d+:\d+|node_modules\/|apps\/server\/src\//;

function encodeSegment(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be encoded as UTF-8; send the bytes a broken client would.
    return '%ED%A0%80';
  }
}

function queryString(query: Record<string, unknown>, parameters: TParameter[]): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const isArray = parameters.find((p) => p.name === name)?.schema.type === 'array';
    if (isArray && Array.isArray(value))
      for (const item of value) parts.push(`${encodeSegment(name)}[]=${encodeSegment(item)}`);
    else parts.push(`${encodeSegment(name)}=${encodeSegment(value)}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** The parsed JSON body, or undefined when it does not parse. */
function jsonOf(response: LightMyRequestResponse): unknown {
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    return undefined;
  }
}

/** Operations whose body carries a password run fewer times (argon2), all others RUNS_PER_OPERATION. */
function runsFor(operation: TOperation): number {
  const properties = Object.keys(operation.body?.properties ?? {});
  return properties.some((name) => /password/i.test(name)) ? PASSWORD_RUNS : RUNS_PER_OPERATION;
}

function operationsOf(document: TOpenApi): TOperation[] {
  const operations: TOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation) continue;
      const json = operation.requestBody?.content?.['application/json']?.schema ?? null;
      operations.push({
        method: method.toUpperCase() as TMethod,
        path,
        parameters: operation.parameters ?? [],
        body: json,
        isBodyRequired: operation.requestBody?.required ?? false,
      });
    }
  }
  return operations;
}

const MULTIPART_BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW';

/** Multipart bodies a broken or hostile client sends: junk bytes, hostile file names, truncated forms, no file. */
const junkMultipart = fc
  .record({
    fileName: fc.constantFrom(
      'photo.png',
      'a\u0000b.pdf',
      'x\r\nContent-Type: text/html',
      '../../etc/passwd',
      '',
      'ü.docx',
      'x'.repeat(300),
    ),
    contentType: fc.constantFrom('image/png', 'application/pdf', 'text/html', 'application/x-msdownload', ''),
    bytes: fc.oneof(
      fc.constant('%PDF-1.4\n%junk'),
      fc.constant('\u0089PNG\r\n\u001a\n'),
      fc.string({ maxLength: 40 }),
    ),
    field: fc.constantFrom('file', 'files', 'x', ''),
    isTruncated: fc.boolean(),
  })
  .map(({ fileName, contentType, bytes, field, isTruncated }) => {
    const disposition = `Content-Disposition: form-data; name="${field}"; filename="${fileName}"`;
    const head = `--${MULTIPART_BOUNDARY}\r\n${disposition}\r\n${contentType ? `Content-Type: ${contentType}\r\n` : ''}\r\n${bytes}`;
    return {
      kind: 'multipart' as const,
      boundary: MULTIPART_BOUNDARY,
      payload: isTruncated ? head : `${head}\r\n--${MULTIPART_BOUNDARY}--\r\n`,
    };
  });

const rawBodies = fc.constantFrom(
  { kind: 'raw' as const, payload: '{"unterminated": ', contentType: 'application/json' },
  { kind: 'raw' as const, payload: '{"a":"\\u0000"}', contentType: 'application/json' },
  { kind: 'raw' as const, payload: 'null', contentType: 'application/json' },
  { kind: 'raw' as const, payload: '[1,2,3]', contentType: 'application/json' },
  { kind: 'raw' as const, payload: '<xml/>', contentType: 'application/xml' },
  { kind: 'raw' as const, payload: 'a=b', contentType: 'application/x-www-form-urlencoded' },
);

describeDb('OpenAPI fuzz (issue #13)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let admin: TTestUser;
  let member: TTestUser;
  const tokens: Record<'admin' | 'member', string> = { admin: '', member: '' };
  let operations: TOperation[] = [];
  let pool: TValuePool = {};

  const send = (request: TRequest, method: TMethod, url: string): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string> = { host: cluster.host };
    if (request.hubHeader !== null) headers['x-hub-id'] = request.hubHeader;
    if (request.caller === 'admin' || request.caller === 'member')
      headers.authorization = `Bearer ${tokens[request.caller]}`;
    if (request.caller === 'forged') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
    const { body } = request;
    if (body.kind === 'json')
      return t.app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body.value) ?? 'null',
      });
    if (body.kind === 'multipart')
      return t.app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${body.boundary}` },
        payload: body.payload,
      });
    if (body.kind === 'raw')
      return t.app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    return t.app.inject({ method, url, headers });
  };

  /** Admin API call during seeding; throws on anything but success so the fuzz run starts from known rows. */
  const seed = async <T>(method: TMethod, url: string, payload?: object): Promise<T> => {
    const response = await t.app.inject({
      method,
      url,
      headers: { host: cluster.host, 'x-hub-id': hub.identifier, authorization: `Bearer ${tokens.admin}` },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(`seeding ${method} ${url} failed: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, { enabledModules: [...MODULE_IDS] });
    admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: [...HUB_ACCESS_RIGHTS],
      userType: 'alumni',
      firstName: 'Ada',
      lastName: 'Admin',
    });
    member = await createUser(t.database.db, cluster, { hub, firstName: 'Max', lastName: 'Member' });
    tokens.admin = (await signIn(t.app, cluster, admin)).token;
    tokens.member = (await signIn(t.app, cluster, member)).token;

    const program = (
      await seed<{ group: { id: string; identifier: string } }>('POST', '/api/groups', {
        groupType: 'mentorshipProgram',
        name: 'Fuzz Program',
      })
    ).group;
    const group = (
      await seed<{ group: { id: string; identifier: string } }>('POST', '/api/groups', {
        groupType: 'group',
        name: 'Fuzz Group',
      })
    ).group;
    const programQuestion = (
      await seed<{ question: { id: string } }>('POST', `/api/groups/${program.identifier}/questions`, {
        questionType: 'list',
        texts: { both: { name: 'Industry' } },
        options: ['Tech', 'Health'],
      })
    ).question;
    const question = (
      await seed<{ question: { id: string } }>('POST', '/api/discussions/questions', {
        title: 'How do I start in design?',
        body: '<p>Any tips?</p>',
      })
    ).question;
    const answer = (
      await seed<{ answer: { id: string } }>('POST', `/api/discussions/questions/${question.id}/answers`, {
        body: '<p>Start small.</p>',
      })
    ).answer;
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    const event = (
      await seed<{ event: { id: string } }>('POST', '/api/events', {
        title: 'Career fair',
        format: 'inPerson',
        location: 'Main hall',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
        timeZone: 'Europe/Berlin',
      })
    ).event;
    const resource = (
      await seed<{ resource: { id: string; slug: string } }>('POST', '/api/resources', {
        typeName: 'article',
        title: 'Interview guide',
        body: '<p>Prepare.</p>',
      })
    ).resource;
    const thread = (
      await seed<{ thread: { id: string } }>('POST', '/api/inbox/threads', {
        recipientId: member.id,
        messageType: 'message',
        body: 'Hello there',
      })
    ).thread;
    const messages = await seed<{ nextCursor: string | null }>(
      'GET',
      `/api/inbox/threads/${thread.id}/messages?limit=1`,
    );

    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<TOpenApi>();
    operations = operationsOf(document);
    const ids = [question.id, answer.id, event.id, thread.id, resource.id, programQuestion.id];
    pool = {
      id: ids,
      identifier: [program.identifier, group.identifier, admin.identifier, member.identifier],
      hubIdentifier: [hub.identifier],
      userId: [member.id, admin.id],
      recipientId: [member.id],
      menteeId: [member.id],
      mentorId: [admin.id],
      groupId: [group.id, program.id],
      questionId: [programQuestion.id],
      threadIds: [thread.id],
      slug: [resource.slug],
      promptId: ['journey', 'advice'],
      timezone: ['Europe/Berlin', 'UTC', 'Mars/Olympus'],
      timeZone: ['Europe/Berlin', 'UTC', 'Mars/Olympus'],
      cursor: [...(messages.nextCursor ? [messages.nextCursor] : []), ...HOSTILE_CURSORS],
      q: ['design', 'a b', 'a:*', '!', '(', 'ü'],
    };
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  /** Signs the two callers in again when a fuzzed request ended their session (sign-out, refresh reuse). */
  const keepSessions = async (): Promise<void> => {
    for (const [caller, user] of [
      ['admin', admin],
      ['member', member],
    ] as const) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { host: cluster.host, authorization: `Bearer ${tokens[caller]}` },
      });
      if (me.statusCode === 401) tokens[caller] = (await signIn(t.app, cluster, user)).token;
    }
  };

  const requestsFor = (operation: TOperation): fc.Arbitrary<TRequest> => {
    const inPath = operation.parameters.filter((p) => p.in === 'path');
    const inQuery = operation.parameters.filter((p) => p.in === 'query');
    const pathArbitrary = fc.record(
      Object.fromEntries(
        inPath.map((p) => [
          p.name,
          fc.oneof(
            { weight: 3, arbitrary: validValue(p.schema, pool, p.name) },
            { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s !== '')) },
          ),
        ]),
      ),
    );
    const queryArbitrary = fc.oneof(
      fc.record(Object.fromEntries(inQuery.map((p) => [p.name, validValue(p.schema, pool, p.name)])), {
        requiredKeys: inQuery.filter((p) => p.required).map((p) => p.name),
      }),
      fc.record(Object.fromEntries(inQuery.map((p) => [p.name, fuzzedValue(p.schema, pool, p.name)])), {
        requiredKeys: [],
      }),
    );
    const bodySchema = operation.body;
    const bodyArbitrary: fc.Arbitrary<TRequest['body']> =
      bodySchema !== null
        ? fc.oneof(
            {
              weight: 3,
              arbitrary: validValue(bodySchema, pool).map((value) => ({ kind: 'json' as const, value })),
            },
            {
              weight: 4,
              arbitrary: fuzzedValue(bodySchema, pool).map((value) => ({ kind: 'json' as const, value })),
            },
            { weight: 1, arbitrary: hostileValue({}).map((value) => ({ kind: 'json' as const, value })) },
            { weight: 1, arbitrary: rawBodies },
          )
        : operation.method === 'GET' || operation.method === 'DELETE'
          ? fc.constant({ kind: 'none' as const })
          : fc.oneof(
              { weight: 2, arbitrary: junkMultipart },
              { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
              { weight: 1, arbitrary: rawBodies },
            );
    return fc.record({
      caller: fc.oneof(
        { weight: 8, arbitrary: fc.constant('admin' as const) },
        { weight: 2, arbitrary: fc.constant('member' as const) },
        { weight: 1, arbitrary: fc.constantFrom('anonymous' as const, 'forged' as const) },
      ),
      hubHeader: fc.oneof(
        { weight: 8, arbitrary: fc.constant(hub.identifier) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            String(hub.id),
            '99999999999999999999',
            '-1',
            '0',
            '1.5',
            'no-such-hub',
            ' ',
          ),
        },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
      path: pathArbitrary,
      query: queryArbitrary,
      body: bodyArbitrary,
    });
  };

  it(
    'answers every operation below 500, without a stack trace, with the one error body',
    async () => {
      expect(operations.length).toBeGreaterThan(100);
      const failures: string[] = [];
      for (const [index, operation] of operations.entries()) {
        const samples = fc.sample(requestsFor(operation), {
          seed: SEED + index,
          numRuns: runsFor(operation),
        });
        for (const request of samples) {
          const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeSegment(request.path[name]),
          );
          const url = `${path}${queryString(request.query, operation.parameters)}`;
          const response = await send(request, operation.method, url);
          const problems: string[] = [];
          if (response.statusCode >= 500) problems.push(`status ${response.statusCode}`);
          if (STACK_TRACE.test(response.body)) problems.push('stack trace or source path in the body');
          // Pages opened from an email (unsubscribe) answer HTML on purpose; every JSON error is the one body.
          const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
          if (response.statusCode >= 400 && isJson && !ZErrorBody.safeParse(jsonOf(response)).success)
            problems.push('error body not in the shared shape');
          if (problems.length > 0) {
            const sentBody =
              request.body.kind === 'json'
                ? JSON.stringify(request.body.value)
                : request.body.kind === 'none'
                  ? ''
                  : request.body.payload;
            failures.push(
              `${operation.method} ${url.slice(0, 300)} as ${request.caller} (x-hub-id ${JSON.stringify(request.hubHeader)}) body ${(sentBody ?? '').slice(0, 400)} → ${problems.join(', ')}: ${response.body.slice(0, 300)}`,
            );
          }
        }
        await keepSessions();
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    },
    240_000 * Math.max(1, RUNS_PER_OPERATION / 5),
  );
});
