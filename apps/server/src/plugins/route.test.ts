import { HEALTH_ENDPOINTS } from '@commons/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { route } from './route.js';

describe('route()', () => {
  it('leaves a reply the handler sent itself alone: no second send, no "Reply was already sent" warning', async () => {
    const logLines: string[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => logLines.push(line) } },
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // A FastifyReply is thenable: awaiting the handler that returns it yields undefined, not the reply.
    route(app, HEALTH_ENDPOINTS.live, async ({ reply }) => reply.status(200).send({ status: 'ok' }));
    await app.ready();
    const response = await app.inject({ method: 'GET', url: HEALTH_ENDPOINTS.live.path });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(logLines.join('\n')).not.toContain('already sent');
    await app.close();
  });
});
