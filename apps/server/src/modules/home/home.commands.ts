/** Writes of the hub home (issue #18 item 3): the hub admins' arrangement of a tab. */
import type { TUpdateHomeLayoutRequest } from '@commons/contract';
import { HOME_SECTION_ORDER } from '@commons/domain';
import { validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { saveModuleSetting } from '../hubs/hubs.commands.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { homeLayoutOf } from './home.policy.js';

/**
 * Stores one tab's order and hidden sections in hub moduleSettings.homeLayout. The request must name each
 * section of the tab exactly once, so an arrangement never drops a section by accident.
 */
export async function updateHomeLayout(
  ctx: TRequestContext,
  request: TUpdateHomeLayoutRequest,
): Promise<void> {
  const hubId = ctx.requireHub().id;
  const keys = request.sections.map((s) => s.key);
  const expected = HOME_SECTION_ORDER[request.tab];
  if (
    new Set(keys).size !== keys.length ||
    keys.length !== expected.length ||
    !keys.every((k) => expected.includes(k))
  ) {
    throw validationError({ sections: 'List each section of this tab exactly once.' });
  }
  const settings = await getHubSettings(ctx.tx, hubId);
  const homeLayout = {
    ...homeLayoutOf(settings),
    [request.tab]: { order: keys, hidden: request.sections.filter((s) => s.isHidden).map((s) => s.key) },
  };
  await saveModuleSetting(ctx, {
    hubId,
    settings,
    key: 'homeLayout',
    value: homeLayout,
    audit: { action: 'home.layout_updated', data: { tab: request.tab } },
  });
}
