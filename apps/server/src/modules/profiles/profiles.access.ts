import type { THubSettings } from '@commons/contract';
import { notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { mayHaveCareerStories } from './career-stories.policy.js';
import { profileAccess, type TProfileAccess } from './profiles.policy.js';
import { findProfile, type TProfileRecord } from './profiles.queries.js';

export type TViewedProfile = {
  record: TProfileRecord;
  access: TProfileAccess;
  settings: THubSettings | null;
};

/**
 * Loads a profile (`me` for one's own) with what the viewer may see of it and the settings of the hub
 * that decides its user type; answers 404 when the viewer may not see it. Career advice is dropped when
 * the owner's user type may not have career stories (spec 6).
 */
export async function loadViewedProfile(ctx: TRequestContext, identifier: string): Promise<TViewedProfile> {
  const viewer = ctx.requireViewer();
  const record = await findProfile(ctx.tx, identifier === 'me' ? viewer.user.identifier : identifier);
  if (!record) throw notFound('Profile');
  const access = profileAccess(ctx, record);
  if (!access) throw notFound('Profile');
  const hubId = access.membership?.membership.hubId ?? null;
  const settings = hubId !== null ? await getHubSettings(ctx.tx, hubId) : null;
  if (!mayHaveCareerStories(access.membership?.userType ?? null, settings))
    access.sections.delete('careerAdvice');
  return { record, access, settings };
}
