import { ZHubSettings, type THubSettings } from '@commons/contract';
import { HUB_FEATURE_KEYS, isHubFeatureOn, unknownHubFeatureKeys } from '@commons/domain';
import { eq } from 'drizzle-orm';
import { hubSettings } from '../../db/schema/index.js';
import { validationError } from '../../lib/app-error.js';
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

/**
 * Sets a hub's feature flags (spec 6): the named flags take the given values, the others keep theirs. A key
 * that is not a flag refuses the whole edit with 400 naming it. Only known keys are stored, each flag set so
 * far keeps its value, and the audit entry holds each flag that changed with its value before and after.
 */
export async function updateHubFeatureFlags(
  ctx: TRequestContext,
  options: { hubId: number; settings: THubSettings; flags: Readonly<Record<string, boolean>> },
): Promise<THubSettings> {
  const unknown = unknownHubFeatureKeys(options.flags);
  if (unknown.length > 0) {
    throw validationError(
      Object.fromEntries(
        unknown.map((key) => [
          `flags.${key}`,
          `“${key}” is not a feature flag. Known flags: ${HUB_FEATURE_KEYS.join(', ')}.`,
        ]),
      ),
    );
  }
  const stored = options.settings.featureFlags;
  const next: Record<string, boolean> = {};
  const changes: Record<string, { from: boolean; to: boolean }> = {};
  for (const key of HUB_FEATURE_KEYS) {
    const value = options.flags[key] ?? stored[key];
    if (value !== undefined) next[key] = value;
    const from = isHubFeatureOn(stored, key);
    const to = isHubFeatureOn(next, key);
    if (from !== to) changes[key] = { from, to };
  }
  return saveHubSettings(ctx, {
    hubId: options.hubId,
    settings: options.settings,
    changes: { featureFlags: next },
    audit: { action: 'hub.feature_flags_updated', data: { changes } },
  });
}
