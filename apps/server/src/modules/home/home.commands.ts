/** Writes of the hub home (issue #18 items 2 and 3): the hub admins' arrangement of a tab and the widget. */
import type { THomeWidget, TUpdateHomeLayoutRequest } from '@commons/contract';
import { HOME_SECTION_ORDER } from '@commons/domain';
import { validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { hasRichTextContent, sanitizeRichText } from '../../lib/rich-text.js';
import { saveHubSettings, saveModuleSetting } from '../hubs/hubs.commands.js';
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

/**
 * Stores the hub's customizable widget (spec 3 Hub settings widget) with its HTML sanitised by the spec 5
 * rich-text and embedded-frame rules (lib/rich-text.ts), or removes it; answers what was stored. HTML that
 * keeps nothing to show once sanitised is refused, so the admin knows their markup was dropped.
 */
export async function updateHomeWidget(
  ctx: TRequestContext,
  widget: THomeWidget | null,
): Promise<THomeWidget | null> {
  const hubId = ctx.requireHub().id;
  const stored = widget === null ? null : { title: widget.title, html: sanitizeRichText(widget.html) };
  if (stored !== null && !hasRichTextContent(stored.html)) {
    throw validationError({
      'widget.html': 'Nothing would show: add text, a link or a video from an approved host.',
    });
  }
  await saveHubSettings(ctx, {
    hubId,
    settings: await getHubSettings(ctx.tx, hubId),
    changes: { widget: stored },
    audit: { action: 'home.widget_updated', data: { isRemoved: stored === null } },
  });
  return stored;
}
