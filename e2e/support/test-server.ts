import { inject } from 'vitest';
import './provided-context';

/**
 * The server of this worker. The global setup starts one server with its own demo data per worker
 * (E2E_WORKERS), so spec files running side by side never see each other's messages, registrations or
 * unread counts; vitest numbers its workers 1…maxWorkers in VITEST_POOL_ID.
 */
export function testServer(): { baseUrl: string; mailLog: string } {
  const servers = inject('servers');
  const index = (Number(process.env.VITEST_POOL_ID ?? '1') - 1) % servers.length;
  const server = servers[index];
  if (server === undefined) throw new Error('the E2E global setup started no server');
  return server;
}
