import { emailDomainOf, SSO_REQUIRED_MESSAGE } from '@commons/domain';
import { AppError } from '../../lib/app-error.js';
import { SIGNUP_CLOSED_MESSAGE } from '../hubs/hub-admin-settings.commands.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireClusterGroup } from '../cluster-admin/cluster-admin.policy.js';
import { clusterHiddenSignupMethods, requiredProviderForDomain } from './sso.queries.js';

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

/** spec 5: a cluster that hides the email signup method takes no email sign-up in any of its hubs. */
export async function assertClusterOffersEmailSignup(ctx: TRequestContext): Promise<void> {
  if (!(await clusterHiddenSignupMethods(ctx.tx, ctx.clusterId)).includes('email')) return;
  throw new AppError({
    statusCode: 403,
    code: 'signup_closed',
    message: 'Email sign-up is not offered in this cluster',
    userMessage: SIGNUP_CLOSED_MESSAGE,
  });
}
