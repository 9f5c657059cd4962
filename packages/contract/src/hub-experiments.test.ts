import { EXPERIMENT_NAMES, EXPERIMENT_VARIANTS } from '@commons/domain';
import { describe, expect, it } from 'vitest';
import {
  EXPERIMENT_DESCRIPTIONS,
  HUB_EXPERIMENT_ENDPOINTS,
  unknownVariantMessage,
  ZUpdateHubExperimentsRequest,
} from './hub-experiments.js';

describe('hub experiment variants (spec 6 Experiment variants)', () => {
  it('describes every experiment of the spec with a label for each of its variants', () => {
    expect(Object.keys(EXPERIMENT_DESCRIPTIONS).sort()).toEqual([...EXPERIMENT_NAMES].sort());
    for (const name of EXPERIMENT_NAMES) {
      const described = EXPERIMENT_DESCRIPTIONS[name];
      expect(Object.keys(described.variants), name).toEqual([...EXPERIMENT_VARIANTS[name]]);
      expect(described.description.length, name).toBeGreaterThan(10);
    }
    expect(EXPERIMENT_DESCRIPTIONS['homepage-hero-section'].isInUse).toBe(true);
  });

  it('accepts one or more experiments, each set to one of its variants', () => {
    expect(
      ZUpdateHubExperimentsRequest.parse({
        variants: { 'homepage-hero-section': 'multi-card', 'ftu-banner': 'treatment' },
      }),
    ).toEqual({ variants: { 'homepage-hero-section': 'multi-card', 'ftu-banner': 'treatment' } });
  });

  it('refuses a variant the experiment does not have, naming its variants', () => {
    const result = ZUpdateHubExperimentsRequest.safeParse({
      variants: { 'homepage-hero-section': 'treatment' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['variants', 'homepage-hero-section'],
        message: unknownVariantMessage('homepage-hero-section'),
      }),
    ]);
    expect(unknownVariantMessage('homepage-hero-section')).toBe('Choose one of single-card, multi-card.');
  });

  it('refuses an unknown experiment and an empty edit', () => {
    expect(ZUpdateHubExperimentsRequest.safeParse({ variants: { 'new-inbox': 'treatment' } }).success).toBe(
      false,
    );
    expect(ZUpdateHubExperimentsRequest.safeParse({ variants: {} }).success).toBe(false);
    expect(ZUpdateHubExperimentsRequest.safeParse({}).success).toBe(false);
  });

  it('is an admin endpoint of the hub that needs a token', () => {
    const { experiments, updateExperiments } = HUB_EXPERIMENT_ENDPOINTS;
    expect([experiments.method, experiments.path]).toEqual(['GET', '/api/admin/experiments']);
    expect([updateExperiments.method, updateExperiments.path]).toEqual(['PATCH', '/api/admin/experiments']);
    for (const endpoint of [experiments, updateExperiments]) {
      expect(endpoint).toMatchObject({ tag: 'admin', auth: 'required', hub: 'required' });
    }
  });
});
