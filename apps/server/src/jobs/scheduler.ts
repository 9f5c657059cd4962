import type { TDb } from '../db/client.js';
import type { TFileStorage } from '../lib/storage.js';
import { eraseDeletedAccounts } from './account-erasure.js';
import { sendEmailDigests, type TEmailDigestDeps } from './email-digests.js';
import { pruneRealtimeEvents } from './realtime-prune.js';
import { remindEventAttendees } from './event-reminders.js';
import { advanceProjectCalendars, removeUnusedApplicationFiles } from './job-applications.js';
import { expireJobPosts, mailJobAlerts } from './job-board.js';
import { autoCloseMentorships, removeUnsentAttachments } from './inbox-jobs.js';
import type { TPeriodicJob } from './job-queue.js';
import { runQueuedImports } from '../modules/admin-data/admin-data.import.js';
import { remindAdvisingAppointments, syncAdviserCalendars } from '../modules/advising/advising.jobs.js';
import { sendDueBulkMessages } from '../modules/admin-comms/admin-comms.commands.js';
import { deliverDueWebhooks } from '../modules/webhooks/webhooks.delivery.js';
import { eraseDueClusters } from '../modules/tenant-erasure/tenant-erasure.commands.js';
import { verifyPendingHubDomains } from '../modules/cluster-admin/cluster-admin.domains-dns.js';
import { pruneExpiredSsoRecords } from '../modules/sso/saml.jobs.js';

/** Every periodic job of the server, run by the job queue (ADR 0005); each run is idempotent, and pg-boss retries a failed one. */
export function periodicJobs(deps: {
  db: TDb;
  clock: () => Date;
  storage: TFileStorage;
  publicUrl?: string;
  digests: Omit<TEmailDigestDeps, 'now' | 'db'>;
  /** Rows the jobs queued are relayed right away rather than on the relays' next sweep. */
  onQueued: () => void;
  /** Test-only private origins webhook deliveries may reach (config WEBHOOK_TEST_ALLOWED_ORIGINS). */
  webhookAllowedOrigins?: ReadonlySet<string>;
  /** DNS servers of the hub domain TXT lookups (config DNS_SERVERS; empty: the system's). */
  dnsServers?: readonly string[];
}): TPeriodicJob[] {
  const queued = (count: number) => {
    if (count > 0) deps.onQueued();
    return count;
  };
  return [
    {
      name: 'account-erasure',
      cron: '0 * * * *',
      run: () => eraseDeletedAccounts(deps.db, deps.clock(), deps.storage),
    },
    { name: 'realtime-prune', cron: '5 * * * *', run: () => pruneRealtimeEvents(deps.db, deps.clock()) },
    // Single sign-on (issue #24): expired sign-in attempts and SAML assertion ids past their validity.
    { name: 'sso-prune', cron: '40 * * * *', run: () => pruneExpiredSsoRecords(deps.db, deps.clock()) },
    // Event reminders (issue #7 item 4) look every ten minutes for events starting within a day.
    {
      name: 'event-reminders',
      cron: '*/10 * * * *',
      run: async () => queued(await remindEventAttendees(deps.db, deps.clock(), deps.publicUrl ?? '')),
    },
    {
      name: 'inbox-auto-close',
      cron: '10 * * * *',
      run: async () => queued(await autoCloseMentorships(deps.db, deps.clock())),
    },
    {
      name: 'inbox-unsent-attachments',
      cron: '15 * * * *',
      run: () => removeUnsentAttachments(deps.db, deps.storage, deps.clock()),
    },
    // Job board (issue #19 item 4): expired posts are marked every ten minutes (they left the board at
    // once); job alerts go out hourly once a day or a week has passed since an alert's last mail.
    { name: 'job-posts-expiry', cron: '*/10 * * * *', run: () => expireJobPosts(deps.db, deps.clock()) },
    {
      name: 'job-alerts',
      cron: '20 * * * *',
      run: async () => queued(await mailJobAlerts(deps.db, deps.clock(), deps.publicUrl ?? '')),
    },
    // Applications (issue #19 item 3): hired projects move along their start and due dates (spec 4), and
    // files uploaded for an application that none uses are removed after a day.
    {
      name: 'job-application-calendar',
      cron: '30 * * * *',
      run: () => advanceProjectCalendars(deps.db, deps.clock()),
    },
    {
      name: 'job-application-files',
      cron: '35 * * * *',
      run: () => removeUnusedApplicationFiles(deps.db, deps.storage, deps.clock()),
    },
    // Advising (issue #21): advisers' calendars are read every 15 minutes (a new address within five), and
    // appointments get their reminders 24 hours and 1 hour before.
    {
      name: 'advising-calendars',
      cron: '*/5 * * * *',
      run: () => syncAdviserCalendars(deps.db, { now: deps.clock(), publicUrl: deps.publicUrl ?? '' }),
    },
    {
      name: 'advising-reminders',
      cron: '*/5 * * * *',
      run: async () => queued(await remindAdvisingAppointments(deps.db, deps.clock(), deps.publicUrl ?? '')),
    },
    // Users CSV imports (issue #22 item 5): started by POST /api/admin/data/imports (runNow), swept each minute.
    {
      name: 'admin-data-imports',
      cron: '* * * * *',
      run: async () =>
        queued(await runQueuedImports({ db: deps.db, clock: deps.clock, publicUrl: deps.publicUrl ?? '' })),
    },
    // Scheduled bulk emails and announcements (issue #22 item 3) go out within a minute of their time.
    {
      name: 'bulk-messages',
      cron: '* * * * *',
      run: async () =>
        queued(
          await sendDueBulkMessages(deps.db, {
            now: deps.clock(),
            publicUrl: deps.publicUrl ?? '',
            secret: deps.digests.secret,
          }),
        ),
    },
    // Outgoing webhooks (issue #23 items 3-4): due deliveries and retries each minute; a request that queued
    // some asks for a run at once (app.ts).
    {
      name: 'webhook-deliveries',
      cron: '* * * * *',
      run: async () =>
        queued(
          await deliverDueWebhooks({
            db: deps.db,
            now: deps.clock(),
            publicUrl: deps.publicUrl ?? '',
            guard: { allowedOrigins: deps.webhookAllowedOrigins ?? new Set() },
          }),
        ),
    },
    // Tenant erasure (issue #23 items 1 and 4): clusters whose deletion was requested more than the grace period
    // (30 days) ago lose every row and stored file; hourly, one run per tick across processes.
    {
      name: 'tenant-erasure',
      cron: '50 * * * *',
      run: () => eraseDueClusters(deps.db, deps.clock(), deps.storage),
    },
    // Hub domains (issue #23 items 2 and 4): unverified domains younger than 7 days are looked up every 10 minutes.
    {
      name: 'hub-domain-verification',
      cron: '*/10 * * * *',
      run: () =>
        verifyPendingHubDomains({ db: deps.db, now: deps.clock(), dnsServers: deps.dnsServers ?? [] }),
    },
    // Email about unread messages (issue #5 item 4).
    {
      name: 'email-digests',
      cron: '* * * * *',
      run: async () => queued(await sendEmailDigests({ ...deps.digests, db: deps.db, now: deps.clock() })),
    },
  ];
}
