import {
  EXPERIMENT_DESCRIPTIONS,
  HUB_EXPERIMENT_ENDPOINTS,
  type THubExperimentsResponse,
  type THubSettings,
  type TUpdateHubExperimentsRequest,
} from '@commons/contract';
import {
  EXPERIMENT_NAMES,
  EXPERIMENT_VARIANTS,
  EXPERIMENTS_SETTINGS_KEY,
  experimentVariant,
  type TExperimentName,
} from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { TRequestContext } from '../../plugins/request-context.js';
import { tenantRoute } from '../../plugins/route.js';
import { saveModuleSetting } from './hubs.commands.js';
import { requireHubSettingsManager } from './hubs.policy.js';
import { getHubSettings } from './hubs.queries.js';

/** Every experiment with its variants and the one the hub runs (spec 6 Experiment variants). */
export function presentHubExperiments(settings: THubSettings): THubExperimentsResponse {
  return {
    experiments: EXPERIMENT_NAMES.map((name) => {
      const described = EXPERIMENT_DESCRIPTIONS[name];
      const variants: readonly string[] = EXPERIMENT_VARIANTS[name];
      return {
        name,
        label: described.label,
        description: described.description,
        variants: variants.map((value) => ({ value, label: described.variants[value] ?? value })),
        variant: experimentVariant({ moduleSettings: settings.moduleSettings, name }),
        defaultVariant: variants[0] ?? '',
        isInUse: described.isInUse,
      };
    }),
  };
}

/**
 * Sets the named experiments' variants in the hub's module settings (key 'experiments'; the contract has
 * checked each is one of its experiment's), keeps the others' stored values, and audits each change with the
 * variant before and after (the effective ones, so a stored `true` reads as the second variant).
 */
export async function updateHubExperiments(
  ctx: TRequestContext,
  options: { hubId: number; settings: THubSettings; variants: TUpdateHubExperimentsRequest['variants'] },
): Promise<THubSettings> {
  const stored = options.settings.moduleSettings[EXPERIMENTS_SETTINGS_KEY];
  const next: Record<string, unknown> = typeof stored === 'object' && stored !== null ? { ...stored } : {};
  const changes: Record<string, { from: string; to: string }> = {};
  for (const [name, variant] of Object.entries(options.variants) as Array<[TExperimentName, string]>) {
    const from = experimentVariant({ moduleSettings: options.settings.moduleSettings, name });
    next[name] = variant;
    if (from !== variant) changes[name] = { from, to: variant };
  }
  return saveModuleSetting(ctx, {
    hubId: options.hubId,
    settings: options.settings,
    key: EXPERIMENTS_SETTINGS_KEY,
    value: next,
    audit: { action: 'hub.experiments_updated', data: { changes } },
  });
}

/**
 * GET and PATCH /api/admin/experiments (spec 6 Experiment variants; issue #22 item 6): hub admins with
 * branding-settings, the right of the Features screen's feature flags, pick each experiment's variant.
 */
export const hubExperimentRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, HUB_EXPERIMENT_ENDPOINTS.experiments, async (ctx) => {
    const hub = requireHubSettingsManager(ctx);
    return presentHubExperiments(await getHubSettings(ctx.tx, hub.id));
  });

  tenantRoute(app, HUB_EXPERIMENT_ENDPOINTS.updateExperiments, async (ctx, { body }) => {
    const hub = requireHubSettingsManager(ctx);
    const settings = await getHubSettings(ctx.tx, hub.id);
    return presentHubExperiments(
      await updateHubExperiments(ctx, { hubId: hub.id, settings, variants: body.variants }),
    );
  });
};
