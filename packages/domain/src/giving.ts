/**
 * Giving (spec 3 User type givingForm, Hub settings isDonationsEnabled and homepageDonationBanner, Banner;
 * issue #18 item 6): who is asked to give, and the rules of a pledge. Commons processes no card: a pledge
 * records the gift and the donor pays on the school's own payment page.
 */

/** How often a recurring pledge is given. */
export const PLEDGE_FREQUENCIES = ['monthly', 'annually'] as const;
export type TPledgeFrequency = (typeof PLEDGE_FREQUENCIES)[number];

/** The largest single pledge, in minor units: a typo guard (1 000 000.00), not a policy on large gifts. */
export const PLEDGE_AMOUNT_MAX_MINOR = 100_000_000;

/** Currency of a hub's pledges when its admins set none. */
export const DEFAULT_PLEDGE_CURRENCY = 'USD';

/** Designations a hub may list, and their length. */
export const PLEDGE_DESIGNATIONS_MAX = 20;
export const PLEDGE_DESIGNATION_MAX_LENGTH = 120;

/**
 * Whether a member may give through the hub's giving form: the hub takes donations and the member's user
 * type is asked to give (spec 3 givingForm), as an approved member.
 */
export function mayGive(options: {
  isDonationsEnabled: boolean;
  isGivingFormUserType: boolean;
  isApprovedMember: boolean;
}): boolean {
  return options.isDonationsEnabled && options.isGivingFormUserType && options.isApprovedMember;
}

/**
 * The designations a pledge may name: the hub's list when it has one (the pledge must pick from it), else
 * free text (null means "where it is needed most"). Answers the error message, or null when allowed.
 */
export function designationError(options: {
  designation: string | null;
  hubDesignations: readonly string[];
}): string | null {
  const { designation, hubDesignations } = options;
  if (hubDesignations.length === 0) return null;
  if (designation === null) return 'Choose where your gift goes.';
  return hubDesignations.includes(designation) ? null : 'Choose one of the listed designations.';
}

/** An amount in minor units as money text in the currency, e.g. 2500 USD → "$25.00". */
export function formatPledgeAmount(amountMinor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** "monthly" → "Monthly"; a one-off pledge → "One-off". */
export function pledgeFrequencyLabel(frequency: TPledgeFrequency | null): string {
  if (frequency === 'monthly') return 'Monthly';
  if (frequency === 'annually') return 'Annually';
  return 'One-off';
}
