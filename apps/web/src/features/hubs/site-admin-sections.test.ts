import { describe, expect, it } from 'vitest';
import { SITE_ADMIN_SECTIONS, siteAdminSectionsFor } from './site-admin-sections';

describe('siteAdminSectionsFor', () => {
  it('lists only the screens whose right the admin holds', () => {
    const keys = siteAdminSectionsFor({ accessRights: ['approve-users'], isPlatformAdmin: false }).map(
      (s) => s.key,
    );
    expect(keys).toEqual(['approvals']);
  });

  it('lists the approvals page to an admin holding any one approval right', () => {
    for (const right of ['approve-events', 'approve-questions', 'approve-job-posts'])
      expect(
        siteAdminSectionsFor({ accessRights: [right], isPlatformAdmin: false }).map((s) => s.key),
      ).toContain('approvals');
  });

  it('lists every screen to platform admins, and none to members without rights', () => {
    expect(siteAdminSectionsFor({ accessRights: [], isPlatformAdmin: true })).toHaveLength(
      SITE_ADMIN_SECTIONS.length,
    );
    expect(siteAdminSectionsFor({ accessRights: [], isPlatformAdmin: false })).toEqual([]);
  });

  it('keeps cluster screens (the audit log) for platform admins, whatever hub rights an admin holds', () => {
    const allRights = SITE_ADMIN_SECTIONS.flatMap((s) => (s.right === 'cluster-admin' ? [] : [s.right]));
    expect(
      siteAdminSectionsFor({ accessRights: allRights, isPlatformAdmin: false }).map((s) => s.key),
    ).not.toContain('audit-log');
    expect(siteAdminSectionsFor({ accessRights: [], isPlatformAdmin: true }).map((s) => s.key)).toContain(
      'audit-log',
    );
  });

  it('gives every screen a distinct key and a path inside the hub', () => {
    expect(new Set(SITE_ADMIN_SECTIONS.map((s) => s.key)).size).toBe(SITE_ADMIN_SECTIONS.length);
    for (const section of SITE_ADMIN_SECTIONS)
      expect(section.path('northfield')).toMatch(/^\/hub\/northfield\//);
  });
});
