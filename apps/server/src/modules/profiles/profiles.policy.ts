import { isApprovedUser, isProfileSectionVisible } from '@commons/domain';
import type { TRequestContext } from '../../plugins/request-context.js';
import type { TProfileRecord } from './profiles.queries.js';

export type TProfileSectionKey =
  | 'about'
  | 'workHistory'
  | 'schools'
  | 'help'
  | 'careerAdvice'
  | 'additionalInfo'
  | 'demographicInfo'
  | 'files'
  | 'badges'
  | 'jobPosts'
  | 'health';

/** Sections others may see without admin rights; demographic data stays with the owner and admins. */
const OPEN_SECTIONS: ReadonlySet<TProfileSectionKey> = new Set([
  'about',
  'workHistory',
  'schools',
  'help',
  'careerAdvice',
  'additionalInfo',
  'files',
  'badges',
  'jobPosts',
]);

export type TProfileAccess = {
  isOwner: boolean;
  isAdmin: boolean;
  /** The membership that decides the user type shown (the request hub's, else the default one). */
  membership: TProfileRecord['memberships'][number] | null;
  sections: Set<TProfileSectionKey>;
};

/**
 * Who may see a profile: its owner, cluster and super admins, hub admins with explore-users in a shared
 * hub, and approved members of a hub the profile's owner is a visible member of. Others get null (404).
 */
export function profileAccess(ctx: TRequestContext, record: TProfileRecord): TProfileAccess | null {
  const viewer = ctx.requireViewer();
  const isOwner = viewer.user.id === record.user.id;
  const sharedHubIds = new Set(
    viewer.memberships
      .filter((m) =>
        isApprovedUser({ importStatus: m.importStatus, signupStage: m.signupStage, approved: m.approved }),
      )
      .map((m) => m.hubId),
  );
  const shared = record.memberships.filter((m) => sharedHubIds.has(m.membership.hubId));
  const isHubAdmin = shared.some((m) =>
    viewer.memberships.some(
      (vm) => vm.hubId === m.membership.hubId && vm.isAdmin && vm.accessRights.includes('explore-users'),
    ),
  );
  const isAdmin = ctx.isClusterAdmin() || isHubAdmin;
  const isVisibleToMembers = shared.some((m) => m.membership.isVisible);
  if (!isOwner && !isAdmin && !isVisibleToMembers) return null;

  const membership =
    record.memberships.find((m) => m.membership.hubId === ctx.hub?.id) ??
    record.memberships.find((m) => m.membership.isDefault) ??
    record.memberships[0] ??
    null;
  const hidden = new Set(membership?.userType?.hideProfileSections ?? []);
  const sections = new Set<TProfileSectionKey>();
  for (const key of [
    'about',
    'workHistory',
    'schools',
    'help',
    'careerAdvice',
    'additionalInfo',
    'demographicInfo',
    'files',
    'badges',
    'jobPosts',
  ] as const) {
    if (
      isProfileSectionVisible({
        isOwner,
        isAdmin,
        isAllowedBySettings: OPEN_SECTIONS.has(key),
        isHiddenForUserType: hidden.has(key),
      })
    ) {
      sections.add(key);
    }
  }
  if (isOwner) sections.add('health');
  return { isOwner, isAdmin, membership, sections };
}
