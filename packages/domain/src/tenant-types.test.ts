import { describe, expect, it } from 'vitest';
import {
  isInErasureGracePeriod,
  isTenantType,
  TENANT_TYPE_DEFINITIONS,
  TENANT_TYPE_FAMILIES,
  TENANT_TYPES,
  tenantErasureDate,
  tenantTypeDefinition,
  tenantTypeLabel,
} from './tenant-types.js';

describe('tenant types (spec 9)', () => {
  it('defines every type once, in the listed order, with a label', () => {
    expect(TENANT_TYPE_DEFINITIONS.map((d) => d.type)).toEqual([...TENANT_TYPES]);
    expect(new Set(TENANT_TYPE_DEFINITIONS.map((d) => d.label)).size).toBe(TENANT_TYPES.length);
  });

  it('has a base type for every family of spec 9', () => {
    for (const family of TENANT_TYPE_FAMILIES) {
      expect(TENANT_TYPE_DEFINITIONS.some((d) => d.type === family && d.family === family)).toBe(true);
    }
  });

  it('gives every type a home, an inbox and at least one user type, without duplicates', () => {
    for (const { setting } of TENANT_TYPE_DEFINITIONS) {
      expect(setting.enabledModules).toContain('home');
      expect(setting.enabledModules).toContain('inbox');
      expect(new Set(setting.enabledModules).size).toBe(setting.enabledModules.length);
      expect(setting.userTypes.length).toBeGreaterThan(0);
      expect(new Set(setting.userTypes.map((t) => t.title)).size).toBe(setting.userTypes.length);
    }
  });

  it('EL-only types have the job board for projects and no mentoring network', () => {
    const elOnly = TENANT_TYPE_DEFINITIONS.filter((d) => d.setting.isElOnly);
    expect(elOnly.map((d) => d.type)).toEqual([
      'standard-el-only',
      'trial-el-only',
      'student-success-el-only',
    ]);
    for (const { setting } of elOnly) {
      expect(setting.enabledModules).toContain('jobs');
      expect(setting.enabledModules).not.toContain('network');
    }
  });

  it('trials are not production and let members in without approval', () => {
    const trial = tenantTypeDefinition('trial');
    expect(trial.isProductionByDefault).toBe(false);
    expect(trial.setting.isAutoApprovalEnabled).toBe(true);
    expect(tenantTypeDefinition('standard').isProductionByDefault).toBe(true);
  });

  it('all-in-one turns on every module and non-profits are bridges platforms', () => {
    expect(tenantTypeDefinition('all-in-one').setting.enabledModules).toHaveLength(13);
    expect(tenantTypeDefinition('non-profit').setting.standardPlatformType).toBe('bridges');
    expect(tenantTypeDefinition('standard').setting.standardPlatformType).toBe('standard');
  });

  it('recognises types and labels stored values', () => {
    expect(isTenantType('alumni-community')).toBe(true);
    expect(isTenantType('gold')).toBe(false);
    expect(isTenantType(3)).toBe(false);
    expect(tenantTypeLabel('student-success')).toBe('Student success');
    expect(tenantTypeLabel('legacy-type')).toBe('legacy-type');
    expect(tenantTypeLabel(null)).toBeNull();
  });
});

describe('tenant erasure grace period', () => {
  const requested = new Date('2026-11-01T10:00:00Z');

  it('erases 30 days after the request', () => {
    expect(tenantErasureDate(requested).toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });

  it('can be cancelled until the erasure date, not from it', () => {
    expect(isInErasureGracePeriod(requested, new Date('2026-11-30T23:59:59Z'))).toBe(true);
    expect(isInErasureGracePeriod(requested, new Date('2026-12-01T10:00:00Z'))).toBe(false);
  });
});
