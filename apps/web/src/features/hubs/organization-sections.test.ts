import { ORGANIZATION_ADMIN_ACCESS_RIGHTS } from '@commons/domain';
import { describe, expect, it } from 'vitest';
import {
  ORGANIZATION_SECTIONS,
  organizationSectionPath,
  organizationSectionsFor,
} from './organization-sections';

describe('organizationSectionsFor', () => {
  it('lists every section to an organisation admin holding the limited list, and only rights of that list open one', () => {
    expect(organizationSectionsFor(ORGANIZATION_ADMIN_ACCESS_RIGHTS)).toHaveLength(
      ORGANIZATION_SECTIONS.length,
    );
    for (const section of ORGANIZATION_SECTIONS)
      for (const right of section.rights) expect(ORGANIZATION_ADMIN_ACCESS_RIGHTS).toContain(right);
  });

  it('lists only the sections whose right is held, and none without rights', () => {
    expect(organizationSectionsFor(['explore-users']).map((s) => s.key)).toEqual(['members']);
    expect(organizationSectionsFor(['reports']).map((s) => s.key)).toEqual(['analytics']);
    expect(organizationSectionsFor([])).toEqual([]);
    // Hub-only rights open nothing in an organisation's console.
    expect(organizationSectionsFor(['manage-admins', 'export-data', 'switch-user-types'])).toEqual([]);
  });

  it('builds console paths under the hub and the organisation’s own pages for the others', () => {
    const byKey = (key: string) => ORGANIZATION_SECTIONS.find((s) => s.key === key);
    const members = byKey('members');
    const announcements = byKey('announcements');
    if (!members || !announcements) throw new Error('sections missing');
    expect(organizationSectionPath(members, 'northfield', 'northfield-alumni-association')).toBe(
      '/hub/northfield/site-admin/organizations/northfield-alumni-association/members',
    );
    expect(organizationSectionPath(announcements, 'northfield', 'acme')).toBe(
      '/organizations/acme/organization-manager/communications',
    );
    const customFields = byKey('custom-fields');
    if (!customFields) throw new Error('custom-fields section missing');
    expect(organizationSectionsFor(['custom-fields']).map((s) => s.key)).toEqual(['custom-fields']);
    expect(organizationSectionPath(customFields, 'northfield', 'acme')).toBe(
      '/hub/northfield/site-admin/organizations/acme/custom-fields',
    );
    const templates = byKey('templates');
    if (!templates) throw new Error('templates section missing');
    expect(organizationSectionsFor(['templates']).map((s) => s.key)).toEqual(['templates']);
    expect(organizationSectionPath(templates, 'northfield', 'acme')).toBe(
      '/hub/northfield/site-admin/organizations/acme/templates',
    );
  });
});
