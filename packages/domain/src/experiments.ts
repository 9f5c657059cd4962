/**
 * Experiment variants read from hub module settings (spec 6 Experiment variants).
 */

/** Variants of each experiment; the first is the default (control). */
export const EXPERIMENT_VARIANTS = {
  'ftu-banner': ['control', 'treatment'],
  'ftu-multiple-profile': ['control', 'treatment'],
  'ftu-survey': ['control', 'treatment'],
  'message-v2-modal': ['control', 'treatment'],
  'message-v2-prompt': ['control', 'treatment'],
  'homepage-hero-section': ['single-card', 'multi-card'],
  'profile-completion-nudge': ['control', 'treatment'],
  'career-path-favorite-cta-copy': ['control', 'treatment'],
} as const;

/** One experiment name (spec 6). */
export type TExperimentName = keyof typeof EXPERIMENT_VARIANTS;

/** A variant of a given experiment. */
export type TExperimentVariant<TName extends TExperimentName> = (typeof EXPERIMENT_VARIANTS)[TName][number];

/** The experiment names (spec 6). */
export const EXPERIMENT_NAMES = Object.keys(EXPERIMENT_VARIANTS) as TExperimentName[];

/** Key of hub module settings under which experiments are configured. */
export const EXPERIMENTS_SETTINGS_KEY = 'experiments';

/**
 * The variant a hub runs (spec 6): moduleSettings.experiments[name] may hold a variant name, or
 * true/false for the second/first variant; anything else (absent, unknown) gives the default
 * first variant.
 */
export function experimentVariant<TName extends TExperimentName>(options: {
  moduleSettings: Readonly<Record<string, unknown>> | null | undefined;
  name: TName;
}): TExperimentVariant<TName> {
  const variants: readonly TExperimentVariant<TName>[] = EXPERIMENT_VARIANTS[options.name];
  const [first, second] = variants as readonly [TExperimentVariant<TName>, TExperimentVariant<TName>];
  const experiments = options.moduleSettings?.[EXPERIMENTS_SETTINGS_KEY];
  if (typeof experiments !== 'object' || experiments === null) return first;
  const value: unknown = (experiments as Record<string, unknown>)[options.name];
  if (value === true) return second;
  const match = variants.find((variant) => variant === value);
  return match ?? first;
}

/** Every experiment's variant for a hub (spec 6). */
export function experimentVariants(moduleSettings: Readonly<Record<string, unknown>> | null | undefined): {
  [TName in TExperimentName]: TExperimentVariant<TName>;
} {
  const entries = EXPERIMENT_NAMES.map((name) => [name, experimentVariant({ moduleSettings, name })]);
  return Object.fromEntries(entries) as { [TName in TExperimentName]: TExperimentVariant<TName> };
}
