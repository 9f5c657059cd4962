import type { TClusterEmailSettings, TClusterHub, TLandingPage, TMajor } from '@commons/contract';
import type { hubs } from '../../db/schema/index.js';
import type { TEmailSettingsRow, THubAdminRow, TLandingPageRow, TMajorRow } from './cluster-admin.queries.js';

/** A hub of the console with its admins. */
export function presentClusterHub(row: typeof hubs.$inferSelect & { admins: THubAdminRow[] }): TClusterHub {
  return {
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    isDefault: row.isDefault,
    admins: row.admins.map((admin) => ({
      userId: admin.userId,
      firstName: admin.firstName,
      lastName: admin.lastName,
      email: admin.email,
      rightCount: admin.rightCount,
      level: admin.isSuperAdmin ? 'superAdmin' : admin.isClusterAdmin ? 'clusterAdmin' : 'hubAdmin',
    })),
    adminCount: row.admins[0]?.adminCount ?? 0,
  };
}

export function presentLandingPage(row: TLandingPageRow): TLandingPage {
  return {
    title: row.title,
    bodyHtml: row.bodyHtml,
    callToAction:
      row.ctaLabel !== null && row.ctaUrl !== null ? { label: row.ctaLabel, url: row.ctaUrl } : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The email settings as admins see them: whether an SMTP override is set, never the override. */
export function presentEmailSettings(row: TEmailSettingsRow | null): TClusterEmailSettings {
  return {
    senderName: row?.senderName ?? null,
    senderAddress: row?.senderAddress ?? null,
    isSmtpUrlSet: row?.smtpUrl !== null && row?.smtpUrl !== undefined,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export function presentMajor(row: TMajorRow): TMajor {
  return { id: row.id, name: row.name, position: row.position, isArchived: row.archivedAt !== null };
}
