/** Pledges and the giving settings (issue #18 item 6). */
import {
  ACTION_ITEM_IMAGE_MAX_BYTES,
  ACTION_ITEM_IMAGE_TOO_LARGE,
  ACTION_ITEM_IMAGE_UNKNOWN,
  webPaths,
  type THubSettings,
  type ZCreatePledgeRequest,
  type ZUpdateGivingSettingsRequest,
} from '@commons/contract';
import { designationError, formatPledgeAmount, pledgeFrequencyLabel } from '@commons/domain';
import type { z } from 'zod';
import { pledges } from '../../db/schema/index.js';
import { validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { richTextImageKeyOf, uploadedHubImageErrors } from '../files/hub-images.js';
import { saveModuleSetting } from '../hubs/hubs.commands.js';
import { enqueueMail } from '../mail/mail.commands.js';
import { givingSettingOf, requireGiver } from './giving.policy.js';
import { paymentUrlOf } from './giving.presenter.js';
import type { TPledgeRow } from './giving.queries.js';

/**
 * Records the viewer's pledge and queues their thank-you email in the request transaction (a failed request
 * writes and sends nothing). The designation must be one of the hub's when it lists some. The donor gets
 * the email whether or not the pledge is anonymous: anonymity hides them from others, not from themselves.
 */
export async function createPledge(
  ctx: TRequestContext,
  options: { settings: THubSettings; pledge: z.output<typeof ZCreatePledgeRequest>; publicUrl: string },
): Promise<{ row: TPledgeRow; paymentUrl: string | null }> {
  const { settings, pledge } = options;
  requireGiver(ctx, settings);
  const hub = ctx.requireHub();
  const viewer = ctx.requireViewer();
  const giving = givingSettingOf(settings);
  const designationMessage = designationError({
    designation: pledge.designation,
    hubDesignations: giving.designations,
  });
  if (designationMessage !== null) throw validationError({ designation: designationMessage });
  const [row] = await ctx.tx
    .insert(pledges)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      userId: viewer.user.id,
      amountMinor: pledge.amountMinor,
      currency: giving.currency,
      designation: pledge.designation,
      isRecurring: pledge.isRecurring,
      frequency: pledge.isRecurring ? pledge.frequency : null,
      isAnonymous: pledge.isAnonymous,
      note: pledge.note,
      createdAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('pledges insert returned no row');
  const paymentUrl = paymentUrlOf(settings);
  const amount = formatPledgeAmount(row.amountMinor, row.currency);
  const lines = [
    `Hi ${viewer.user.firstName},`,
    '',
    `Thank you for your pledge to ${hub.name}.`,
    '',
    `Amount: ${amount}${row.isRecurring ? ` (${pledgeFrequencyLabel(row.frequency).toLowerCase()})` : ''}`,
    `Designation: ${row.designation ?? 'Where it is needed most'}`,
    ...(row.isAnonymous ? ['You asked to give anonymously: your name is not shown with this gift.'] : []),
    '',
    paymentUrl
      ? `Commons does not take payments. To complete your gift, use ${hub.name}'s payment page:\n${paymentUrl}`
      : `Commons does not take payments: ${hub.name}'s giving office will be in touch to complete your gift.`,
    '',
    `Your pledges: ${options.publicUrl}${webPaths.hub.give(hub.identifier)}`,
  ];
  await enqueueMail(ctx.tx, ctx.clusterId, {
    to: viewer.user.email,
    subject: `Thank you for your pledge to ${hub.name}`,
    text: lines.join('\n'),
  });
  // No amounts or names in the audit entry: the pledge row holds them, readable only under RLS.
  await ctx.audit({ action: 'giving.pledge_created', targetType: 'pledge', targetId: row.id });
  return { row, paymentUrl };
}

/**
 * Stores the hub's giving settings: isDonationsEnabled and the spec 3 Banner (homepageDonationBanner) as hub
 * settings, the designations and currency in moduleSettings.giving, validated whole and audited in one
 * write. The banner image must be an image uploaded to this hub (at most 120 kB, as the action items'
 * banners), or the image already set (a built-in cover the demo data or an earlier version chose).
 */
export async function updateGivingSettings(
  ctx: TRequestContext,
  body: z.output<typeof ZUpdateGivingSettingsRequest>,
  settings: THubSettings,
): Promise<THubSettings> {
  const hubId = ctx.requireHub().id;
  const image = body.banner?.bannerImage ?? null;
  const isUnchangedImage = image !== null && image === settings.homepageDonationBanner?.bannerImage;
  if (image !== null && !isUnchangedImage && richTextImageKeyOf(image) === null)
    throw validationError({ 'banner.bannerImage': ACTION_ITEM_IMAGE_UNKNOWN });
  const fields = await uploadedHubImageErrors(ctx.tx, {
    hubId,
    images: { 'banner.bannerImage': isUnchangedImage ? null : image },
    maxBytes: ACTION_ITEM_IMAGE_MAX_BYTES,
    messages: { unknown: ACTION_ITEM_IMAGE_UNKNOWN, tooLarge: ACTION_ITEM_IMAGE_TOO_LARGE },
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return saveModuleSetting(ctx, {
    hubId,
    settings: {
      ...settings,
      isDonationsEnabled: body.isDonationsEnabled,
      homepageDonationBanner: body.banner,
    },
    key: 'giving',
    value: { designations: body.designations, currency: body.currency },
    audit: { action: 'giving.settings_updated', data: { isDonationsEnabled: body.isDonationsEnabled } },
  });
}
