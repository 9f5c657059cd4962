import { GIVING_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { requireHubReader } from '../content/content.policy.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { createPledge, updateGivingSettings } from './giving.commands.js';
import { givingSettingOf, isGivingFormOn, requireDonationsAdmin, viewerMayGive } from './giving.policy.js';
import {
  paymentUrlOf,
  pledgesCsv,
  presentAdminPledge,
  presentGivingSettings,
  presentPledge,
} from './giving.presenter.js';
import { allHubPledges, hubPledgesPage, myPledges } from './giving.queries.js';

/** The giving page, pledges and the donations admins' list, export and settings (issue #18 item 6). */
export function givingRoutes(deps: Pick<TAppDeps, 'mail' | 'config'>): FastifyPluginAsync {
  return async (app) => {
    tenantRoute(app, GIVING_ENDPOINTS.page, async (ctx) => {
      requireHubReader(ctx);
      const hub = ctx.requireHub();
      const settings = await getHubSettings(ctx.tx, hub.id);
      const giving = givingSettingOf(settings);
      const rows = await myPledges(ctx.tx, { hubId: hub.id, userId: ctx.requireViewer().user.id });
      return {
        isEnabled: settings.isDonationsEnabled,
        isFormEnabled: isGivingFormOn(settings),
        mayGive: viewerMayGive(ctx, settings),
        banner: settings.isDonationsEnabled ? settings.homepageDonationBanner : null,
        paymentUrl: settings.isDonationsEnabled ? paymentUrlOf(settings) : null,
        currency: giving.currency,
        designations: giving.designations,
        pledges: rows.map(presentPledge),
        can: { manage: ctx.hasRight('donations') },
      };
    });

    // The mail relay is kicked after the transaction commits, so route() with its own tenant transaction.
    route(app, GIVING_ENDPOINTS.pledge, async ({ request, body }) => {
      const created = await request.tenant(tenantOptionsOf(GIVING_ENDPOINTS.pledge), async (ctx) => {
        const settings = await getHubSettings(ctx.tx, ctx.requireHub().id);
        return createPledge(ctx, { settings, pledge: body, publicUrl: deps.config.publicUrl });
      });
      deps.mail.kick();
      return { pledge: presentPledge(created.row), paymentUrl: created.paymentUrl };
    });

    tenantRoute(app, GIVING_ENDPOINTS.pledges, async (ctx, { query }) => {
      requireDonationsAdmin(ctx);
      const { rows, nextCursor } = await hubPledgesPage(ctx.tx, { hubId: ctx.requireHub().id, ...query });
      return { items: rows.map(presentAdminPledge), nextCursor };
    });

    // The file is sent after the transaction commits (the export is audited in it).
    route(app, GIVING_ENDPOINTS.pledgesCsv, async ({ request, reply }) => {
      const { hubIdentifier, csv } = await request.tenant(
        tenantOptionsOf(GIVING_ENDPOINTS.pledgesCsv),
        async (ctx) => {
          requireDonationsAdmin(ctx);
          const hub = ctx.requireHub();
          const rows = await allHubPledges(ctx.tx, hub.id);
          await ctx.audit({ action: 'giving.pledges_export', targetType: 'hub', targetId: String(hub.id) });
          return { hubIdentifier: hub.identifier, csv: pledgesCsv(rows) };
        },
      );
      const fileName = `pledges-${hubIdentifier.replace(/[^a-zA-Z0-9_-]/g, '_')}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    });

    tenantRoute(app, GIVING_ENDPOINTS.settings, async (ctx) => {
      requireDonationsAdmin(ctx);
      return presentGivingSettings(await getHubSettings(ctx.tx, ctx.requireHub().id));
    });

    tenantRoute(app, GIVING_ENDPOINTS.updateSettings, async (ctx, { body }) => {
      requireDonationsAdmin(ctx);
      const settings = await getHubSettings(ctx.tx, ctx.requireHub().id);
      return presentGivingSettings(await updateGivingSettings(ctx, body, settings));
    });
  };
}
