import { EXPERIMENT_NAMES, EXPERIMENT_VARIANTS, type TExperimentName } from '@commons/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

// Only the Features screen of Site administration loads these (not hub.ts, which every signed-in page loads).
/**
 * Experiment variants per hub (spec 6 Experiment variants; issue #22 item 6): each experiment runs one of
 * its variants in a hub, stored in the hub's module settings under 'experiments' (packages/domain
 * experiments.ts reads them). Hub admins with branding-settings pick them on the Features screen.
 */

/** What each experiment changes and its variants' names, as the Features screen shows them. */
export const EXPERIMENT_DESCRIPTIONS: Record<
  TExperimentName,
  { label: string; description: string; variants: Record<string, string>; isInUse: boolean }
> = {
  'ftu-banner': {
    label: 'First-time banner',
    description: 'Whether new members see a welcome banner on their first visit.',
    variants: { control: 'Control', treatment: 'Treatment' },
    isInUse: false,
  },
  'ftu-multiple-profile': {
    label: 'First-time profile steps',
    description: 'Whether new members fill in their profile over several short steps.',
    variants: { control: 'Control', treatment: 'Treatment' },
    isInUse: false,
  },
  'ftu-survey': {
    label: 'First-time survey',
    description: 'Whether new members are asked a short survey about their goals.',
    variants: { control: 'Control', treatment: 'Treatment' },
    isInUse: false,
  },
  'message-v2-modal': {
    label: 'New message window',
    description: 'Whether members write a first message in the newer message window.',
    variants: { control: 'Control', treatment: 'Treatment' },
    isInUse: false,
  },
  'message-v2-prompt': {
    label: 'Message prompts',
    description: 'Whether the message window suggests what to write.',
    variants: { control: 'Control', treatment: 'Treatment' },
    isInUse: false,
  },
  'homepage-hero-section': {
    label: 'Home hero section',
    description: 'The top of the hub home: one large card, or several smaller cards side by side.',
    variants: { 'single-card': 'Single card', 'multi-card': 'Multiple cards' },
    isInUse: true,
  },
  'profile-completion-nudge': {
    label: 'Profile completion nudge',
    description: 'Whether members with an incomplete profile are reminded to finish it.',
    variants: { control: 'Control', treatment: 'Treatment' },
    isInUse: false,
  },
  'career-path-favorite-cta-copy': {
    label: 'Career path favourite button wording',
    description: 'The wording of the button that saves a career path to a member’s favourites.',
    variants: { control: 'Control', treatment: 'Treatment' },
    isInUse: true,
  },
};

export const ZExperimentName = z.enum(EXPERIMENT_NAMES as [TExperimentName, ...TExperimentName[]]);

/** One experiment as the Features screen shows it. */
export const ZHubExperiment = z.object({
  name: ZExperimentName,
  label: z.string(),
  description: z.string(),
  /** Its variants in order; the first is the default (control). */
  variants: z.array(z.object({ value: z.string(), label: z.string() })),
  /** The variant this hub runs (the stored one, else the default). */
  variant: z.string(),
  defaultVariant: z.string(),
  /** Whether Commons changes a page by it today; the others are kept for the hub until their feature exists. */
  isInUse: z.boolean(),
});
export type THubExperiment = z.infer<typeof ZHubExperiment>;
export const ZHubExperimentsResponse = z.object({ experiments: z.array(ZHubExperiment) });
export type THubExperimentsResponse = z.infer<typeof ZHubExperimentsResponse>;

/** Message for a variant its experiment does not have. */
export const unknownVariantMessage = (name: TExperimentName): string =>
  `Choose one of ${EXPERIMENT_VARIANTS[name].join(', ')}.`;

/**
 * An edit of a hub's experiment variants (PATCH /api/admin/experiments): the experiments to set, by name, each
 * to one of its variants; the others keep theirs.
 */
export const ZUpdateHubExperimentsRequest = z.object({
  variants: z.partialRecord(ZExperimentName, z.string().max(100)).superRefine((variants, ctx) => {
    const entries = Object.entries(variants) as Array<[TExperimentName, string | undefined]>;
    if (entries.length === 0)
      ctx.addIssue({ code: 'custom', message: 'Name at least one experiment to change.' });
    for (const [name, variant] of entries) {
      if (variant === undefined) continue;
      if (!(EXPERIMENT_VARIANTS[name] as readonly string[]).includes(variant))
        ctx.addIssue({ code: 'custom', path: [name], message: unknownVariantMessage(name) });
    }
  }),
});
export type TUpdateHubExperimentsRequest = z.infer<typeof ZUpdateHubExperimentsRequest>;

/** The experiments endpoints of Site administration (spec 6; branding-settings, as the feature flags). */
export const HUB_EXPERIMENT_ENDPOINTS = {
  experiments: defineEndpoint({
    method: 'GET',
    path: '/api/admin/experiments',
    operationId: 'getHubExperiments',
    summary: 'The hub’s experiments, each with its variants and the one the hub runs (branding-settings)',
    description:
      'Every experiment of spec 6 Experiment variants, in the spec’s order: its name, what it changes, its ' +
      'variants, the one this hub runs (the stored one, else the first) and whether Commons acts on it.',
    tag: 'admin',
    response: ZHubExperimentsResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  updateExperiments: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/experiments',
    operationId: 'updateHubExperiments',
    summary: 'Pick the variant the hub runs of one or more experiments (branding-settings)',
    description:
      'Sets the named experiments and keeps the others; a variant the experiment does not have answers 400. ' +
      'Stored in the hub’s module settings under "experiments" and audited with each change before and after. ' +
      'Answers every experiment as GET does.',
    tag: 'admin',
    body: ZUpdateHubExperimentsRequest,
    response: ZHubExperimentsResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
} as const;
