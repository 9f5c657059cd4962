import {
  BRAND_IMAGE_MAX_BYTES,
  BRAND_IMAGE_TOO_LARGE,
  BRAND_IMAGE_UNKNOWN,
  ZGroupSettings,
  type TOrganizationBranding,
  type TUpdateOrganizationBrandingRequest,
} from '@commons/contract';
import { eq } from 'drizzle-orm';
import { groups } from '../../db/schema/index.js';
import { validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { richTextImageKeyOf, uploadedHubImageErrors } from '../files/hub-images.js';
import type { TGroupAccess } from '../groups/groups.policy.js';

/**
 * Saves an organisation's brand (branding-settings, spec 6 Organisation admins) with the hub brand's rules: the
 * colour arrives checked by the contract (4.5:1 against white, spec 5 Colour); a new logo must be an image uploaded
 * to the organisation's hub of at most 120 kB (spec 5 Banner images). Nothing is written when a field is refused.
 * Audited before/after.
 */
export async function updateOrganizationBranding(
  ctx: TRequestContext,
  options: { access: TGroupAccess; body: TUpdateOrganizationBrandingRequest },
): Promise<TOrganizationBranding> {
  const { group } = options.access;
  const before = group.settings.branding;
  const logoUrl = options.body.logoUrl;
  if (logoUrl !== null && logoUrl !== before.logoUrl) {
    if (richTextImageKeyOf(logoUrl) === null) throw validationError({ logoUrl: BRAND_IMAGE_UNKNOWN });
    const fields = await uploadedHubImageErrors(ctx.tx, {
      hubId: group.hubId,
      images: { logoUrl },
      maxBytes: BRAND_IMAGE_MAX_BYTES,
      messages: { unknown: BRAND_IMAGE_UNKNOWN, tooLarge: BRAND_IMAGE_TOO_LARGE },
    });
    if (Object.keys(fields).length > 0) throw validationError(fields);
  }
  const branding: TOrganizationBranding = { brandColor: options.body.brandColor || null, logoUrl };
  const settings = ZGroupSettings.parse({ ...group.settings, branding });
  await ctx.tx.update(groups).set({ settings, updatedAt: ctx.now }).where(eq(groups.id, group.id));
  await ctx.audit({
    action: 'organization_admin.branding_updated',
    targetType: 'group',
    targetId: group.id,
    data: { before, after: branding },
  });
  return branding;
}
