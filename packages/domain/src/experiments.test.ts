import { describe, expect, it } from 'vitest';
import {
  EXPERIMENT_NAMES,
  EXPERIMENT_VARIANTS,
  experimentVariant,
  experimentVariants,
} from './experiments.js';

describe('experiment names (spec 6)', () => {
  it('lists the eight experiments with two variants each', () => {
    expect(EXPERIMENT_NAMES).toEqual([
      'ftu-banner',
      'ftu-multiple-profile',
      'ftu-survey',
      'message-v2-modal',
      'message-v2-prompt',
      'homepage-hero-section',
      'profile-completion-nudge',
      'career-path-favorite-cta-copy',
    ]);
    expect(EXPERIMENT_VARIANTS['homepage-hero-section']).toEqual(['single-card', 'multi-card']);
  });
});

describe('experimentVariant (spec 6)', () => {
  it.each([
    ['no settings', null, 'homepage-hero-section', 'single-card'],
    ['no experiments key', { careerPaths: true }, 'homepage-hero-section', 'single-card'],
    ['experiments not an object', { experiments: 'on' }, 'ftu-banner', 'control'],
    ['experiments null', { experiments: null }, 'ftu-banner', 'control'],
    [
      'a named variant',
      { experiments: { 'homepage-hero-section': 'multi-card' } },
      'homepage-hero-section',
      'multi-card',
    ],
    [
      'an unknown variant',
      { experiments: { 'homepage-hero-section': 'triple-card' } },
      'homepage-hero-section',
      'single-card',
    ],
    ['true', { experiments: { 'ftu-survey': true } }, 'ftu-survey', 'treatment'],
    ['false', { experiments: { 'ftu-survey': false } }, 'ftu-survey', 'control'],
    [
      'treatment by name',
      { experiments: { 'message-v2-modal': 'treatment' } },
      'message-v2-modal',
      'treatment',
    ],
  ] as const)('%s gives %s', (_label, moduleSettings, name, variant) => {
    expect(experimentVariant({ moduleSettings, name })).toBe(variant);
  });

  it('resolves every experiment at once', () => {
    const variants = experimentVariants({
      experiments: { 'homepage-hero-section': 'multi-card', 'ftu-banner': true },
    });
    expect(variants['homepage-hero-section']).toBe('multi-card');
    expect(variants['ftu-banner']).toBe('treatment');
    expect(variants['ftu-survey']).toBe('control');
    expect(Object.keys(variants)).toEqual(EXPERIMENT_NAMES);
  });
});
