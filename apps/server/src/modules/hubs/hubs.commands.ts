import { ZHubSettings, type THubSettings } from '@commons/contract';
import { eq } from 'drizzle-orm';
import { hubSettings } from '../../db/schema/index.js';
import type { TRequestContext } from '../../plugins/request-context.js';

/**
 * Replaces one key of a hub's moduleSettings (the settings validated whole, as on every write) and audits
 * it; answers the new settings. The home layout and the action items' banners are stored this way.
 */
export async function saveModuleSetting(
  ctx: TRequestContext,
  options: {
    hubId: number;
    settings: THubSettings;
    key: string;
    value: unknown;
    audit: { action: string; data: Record<string, unknown> };
  },
): Promise<THubSettings> {
  return saveHubSettings(ctx, {
    hubId: options.hubId,
    settings: options.settings,
    changes: { moduleSettings: { ...options.settings.moduleSettings, [options.key]: options.value } },
    audit: options.audit,
  });
}

/**
 * Replaces top-level keys of a hub's settings (validated whole, as on every write) and audits it; answers
 * the new settings. The home's customizable widget (spec 3 Hub settings widget) is stored this way.
 */
export async function saveHubSettings(
  ctx: TRequestContext,
  options: {
    hubId: number;
    settings: THubSettings;
    changes: Partial<THubSettings>;
    audit: { action: string; data: Record<string, unknown> };
  },
): Promise<THubSettings> {
  const next = ZHubSettings.parse({ ...options.settings, ...options.changes });
  await ctx.tx
    .update(hubSettings)
    .set({ settings: next, updatedAt: ctx.now })
    .where(eq(hubSettings.hubId, options.hubId));
  await ctx.audit({
    action: options.audit.action,
    targetType: 'hub',
    targetId: String(options.hubId),
    data: options.audit.data,
  });
  return next;
}
