import { emailDomainOf, SSO_REQUIRED_MESSAGE } from '@commons/domain';
import { AppError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireClusterGroup } from '../cluster-admin/cluster-admin.policy.js';
import { requiredProviderForDomain } from './sso.queries.js';

/** Cluster and super admins (spec 6: sso-settings is a cluster-level group), through the console's one check. */
export function requireSsoAdmin(ctx: TRequestContext): void {
  requireClusterGroup(ctx, 'sso-settings');
}

/**
 * spec 5: an email whose domain requires SSO gets only SSO: password sign-in, email sign-up and sign-in links are
 * refused with 403 sso_required (which names the provider, so the page can offer its button).
 */
export async function assertEmailMayUsePassword(ctx: TRequestContext, email: string): Promise<void> {
  const domain = emailDomainOf(email);
  if (!domain) return;
  const provider = await requiredProviderForDomain(ctx.tx, { clusterId: ctx.clusterId, domain });
  if (!provider) return;
  throw new AppError({
    statusCode: 403,
    code: 'sso_required',
    message: `The email domain ${domain} signs in through single sign-on only`,
    userMessage: SSO_REQUIRED_MESSAGE,
    fields: { email: SSO_REQUIRED_MESSAGE },
    details: { providerId: provider.id, providerName: provider.name },
  });
}
