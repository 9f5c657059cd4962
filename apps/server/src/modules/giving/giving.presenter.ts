/** Pledge rows and giving settings → the contract's shapes; the home's giving banners (issue #18 item 6). */
import {
  webPaths,
  type TAdminPledge,
  type TGivingSettings,
  type THomeBanner,
  type THubSettings,
  type TPledge,
} from '@commons/contract';
import { formatPledgeAmount, pledgeFrequencyLabel } from '@commons/domain';
import { toCsv } from '../groups/csv.js';
import { fullName } from '../notifications/thread-notifications.js';
import { givingSettingOf, isGivingFormOn } from './giving.policy.js';
import type { TPledgeRow, TPledgeWithDonor } from './giving.queries.js';

/** The school's payment page of the hub (the banner's giveCampusURL), only when it is an http(s) URL. */
export function paymentUrlOf(settings: THubSettings): string | null {
  const url = settings.homepageDonationBanner?.giveCampusURL ?? null;
  return url !== null && /^https?:\/\//i.test(url) ? url : null;
}

export function presentPledge(row: TPledgeRow): TPledge {
  return {
    id: row.id,
    amountMinor: row.amountMinor,
    currency: row.currency,
    designation: row.designation,
    isRecurring: row.isRecurring,
    frequency: row.frequency,
    isAnonymous: row.isAnonymous,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A pledge for the hub's donations admins: the donor is named even when anonymous (receipts; see ZAdminPledge). */
export function presentAdminPledge(row: TPledgeWithDonor): TAdminPledge {
  return {
    ...presentPledge(row.pledge),
    donor: { id: row.donor.id, name: fullName(row.donor), email: row.donor.email },
  };
}

export function presentGivingSettings(settings: THubSettings): TGivingSettings {
  const giving = givingSettingOf(settings);
  return {
    isDonationsEnabled: settings.isDonationsEnabled,
    banner: settings.homepageDonationBanner,
    designations: giving.designations,
    currency: giving.currency,
  };
}

/**
 * The pledges as CSV for the gift office (RFC 4180, CRLF; a cell starting with = + - @ is neutralised by
 * toCsv so a spreadsheet never runs a donor's note as a formula). Anonymous pledges keep their donor, marked
 * "yes" in the Anonymous column, so receipts can be sent and the donor left out of published lists.
 */
export function pledgesCsv(rows: readonly TPledgeWithDonor[]): string {
  const header = [
    'Pledged at (UTC)',
    'Donor',
    'Email',
    'Anonymous',
    'Amount',
    'Currency',
    'Amount (minor units)',
    'Designation',
    'Frequency',
    'Note',
  ];
  return toCsv([
    header,
    ...rows.map(({ pledge, donor }) => [
      pledge.createdAt.toISOString(),
      fullName(donor),
      donor.email,
      pledge.isAnonymous ? 'yes' : 'no',
      formatPledgeAmount(pledge.amountMinor, pledge.currency),
      pledge.currency,
      pledge.amountMinor,
      pledge.designation ?? '',
      pledgeFrequencyLabel(pledge.frequency),
      pledge.note ?? '',
    ]),
  ]);
}

/**
 * The home's giving banners (spec 2 donation banner and give-campus banner) for a viewer who may give. Both
 * lead to the in-app giving form, which records the pledge and then opens the school's payment page. The
 * donation banner is the hub's own (homepageDonationBanner); the give-campus banner is a plain invitation
 * shown only when the hub set no banner, so a tab never carries two banners asking the same thing. While the
 * hub's giving form feature is off (spec 6), the donation banner links straight to the school's payment page
 * (the banner's giveCampusURL) and is left out without one, as is the invitation to pledge.
 */
export function homeGivingBanners(options: {
  settings: THubSettings;
  hub: { identifier: string; name: string };
}): { donationBanner: THomeBanner | null; giveCampusBanner: THomeBanner | null } {
  const { settings, hub } = options;
  if (!settings.isDonationsEnabled) return { donationBanner: null, giveCampusBanner: null };
  const banner = settings.homepageDonationBanner;
  if (!isGivingFormOn(settings)) {
    const paymentUrl = paymentUrlOf(settings);
    if (banner === null || paymentUrl === null) return { donationBanner: null, giveCampusBanner: null };
    return {
      donationBanner: {
        title: banner.title,
        description: banner.description,
        imageUrl: banner.bannerImage,
        linkLabel: banner.linkLabel || 'Give now',
        href: paymentUrl,
        isExternal: true,
      },
      giveCampusBanner: null,
    };
  }
  const href = webPaths.hub.give(hub.identifier);
  if (banner !== null) {
    return {
      donationBanner: {
        title: banner.title,
        description: banner.description,
        imageUrl: banner.bannerImage,
        linkLabel: banner.linkLabel || 'Give now',
        href,
        isExternal: false,
      },
      giveCampusBanner: null,
    };
  }
  return {
    donationBanner: null,
    giveCampusBanner: {
      title: `Give to ${hub.name}`,
      description: 'Pledge a gift to the causes you care about, once or every month or year.',
      imageUrl: null,
      linkLabel: 'Make a pledge',
      href,
      isExternal: false,
    },
  };
}
