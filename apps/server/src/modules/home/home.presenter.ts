/** Rows of the home's sections → the contract's section shapes (issue #18). */
import {
  HOME_SECTION_ITEM_LIMIT,
  webPaths,
  ZHomeHeroBannerSetting,
  ZHomeStaticLinksSetting,
  type THomeBanner,
  type THomeHeroBannerSetting,
  type THomeItem,
  type THomeSection,
  type THubSettings,
  type TJobPostSummary,
} from '@commons/contract';
import type { THomeSectionKey } from '@commons/domain';
import type { TRankedPerson } from '../directory/directory.queries.js';
import { hasRichTextContent, sanitizeRichText } from '../../lib/rich-text.js';
import { excerpt } from '../content/content.presenter.js';

/** Section headings as the home shows them. */
const SECTION_TITLES: Partial<Record<THomeSectionKey, string>> = {
  discussionModule: 'Latest discussions',
  eventsWidget: 'Upcoming events',
  resourcesWidget: 'Resources',
  peopleRecommendation: 'People you may want to meet',
  staticLinkBlocks: 'Useful links',
  userActivities: 'Recent activity',
  secondaryActions: 'Things you can do here',
  editableStandardData: 'Complete your profile',
  recommendedAnswers: 'Answers from the community',
  videoRecommendation: 'Videos to watch',
  opportunities: 'Opportunities for you',
  elRecommendedOpportunities: 'Recommended for you',
  elRecentOpportunities: 'Recent opportunities',
  elNearbyOpportunities: 'Near you',
  elSavedOpportunities: 'Saved',
  elAppliedOpportunities: 'Applied',
  likedCareers: 'Your favorite career paths',
  recommendedCareers: 'Career paths for you',
  careerPathWidget: 'Alumni in your career paths',
};

function titleOf(key: THomeSectionKey): string {
  return SECTION_TITLES[key] ?? key;
}

/** Links an admin typed: a web path of the app or an http(s) URL; anything else (javascript:, data:) is dropped. */
function safeLink(link: string | null): { href: string; isExternal: boolean } | null {
  if (link === null || link === '') return null;
  if (/^https?:\/\//i.test(link)) return { href: link, isExternal: true };
  if (link.startsWith('/') && !link.startsWith('//')) return { href: link, isExternal: false };
  return null;
}

/** A section listing items, or null when it has none (an empty section is left out, never an empty box). */
export function itemsSection(options: {
  key: THomeSectionKey;
  kind?: 'items' | 'people' | 'links' | 'actions';
  items: THomeItem[];
  moreHref?: string | null;
}): THomeSection | null {
  if (options.items.length === 0) return null;
  return {
    key: options.key,
    title: titleOf(options.key),
    kind: options.kind ?? 'items',
    items: options.items.slice(0, HOME_SECTION_ITEM_LIMIT),
    itemCount: Math.min(options.items.length, HOME_SECTION_ITEM_LIMIT),
    banner: null,
    moreHref: options.moreHref ?? null,
  };
}

/** A banner section. */
export function bannerSection(key: THomeSectionKey, banner: THomeBanner): THomeSection {
  return { key, title: banner.title, kind: 'banner', items: [], itemCount: 0, banner, moreHref: null };
}

/** The hub activity section: the web loads the feed itself. */
export function feedSection(): THomeSection {
  return {
    key: 'userActivities',
    title: titleOf('userActivities'),
    kind: 'feed',
    items: [],
    itemCount: 0,
    banner: null,
    moreHref: null,
  };
}

export function presentQuestionItem(question: {
  id: string;
  title: string;
  slug: string;
  bodyText: string;
  createdAt: Date;
}): THomeItem {
  return {
    id: question.id,
    title: question.title,
    description: question.bodyText === '' ? null : excerpt(question.bodyText),
    href: webPaths.discussionQuestion(question.id, question.slug),
    isExternal: false,
    imageUrl: null,
    at: question.createdAt.toISOString(),
  };
}

export function presentEventItem(event: {
  id: string;
  title: string;
  location: string | null;
  format: string;
  coverImageUrl: string | null;
  startsAt: Date;
}): THomeItem {
  return {
    id: event.id,
    title: event.title,
    description: event.location ?? (event.format === 'virtual' ? 'Online' : null),
    href: webPaths.event(event.id),
    isExternal: false,
    imageUrl: event.coverImageUrl,
    at: event.startsAt.toISOString(),
  };
}

/** A listed job or project of the opportunities section, linking to its page on the hub's board. */
export function presentOpportunityItem(
  hubIdentifier: string,
  post: {
    id: string;
    jobFlow: string;
    title: string;
    organisation: string;
    location: string | null;
    isRemote: boolean;
    createdAt: Date;
  },
): THomeItem {
  const where = post.isRemote ? 'Remote' : post.location;
  return {
    id: post.id,
    title: post.title,
    description:
      [post.organisation, where].filter((part) => part !== null && part !== '').join(' · ') || null,
    href: webPaths.hub.jobDetail(hubIdentifier, post.id, { isProject: post.jobFlow === 'project' }),
    isExternal: false,
    imageUrl: null,
    at: post.createdAt.toISOString(),
  };
}

/** A post of an experiential-learning list (the board's summary) as a home item. */
export function presentPostSummaryItem(hubIdentifier: string, post: TJobPostSummary): THomeItem {
  return presentOpportunityItem(hubIdentifier, { ...post, createdAt: new Date(post.createdAt) });
}

export function presentResourceItem(resource: {
  id: string;
  title: string;
  slug: string;
  bodyText: string;
  createdAt: Date;
}): THomeItem {
  return {
    id: resource.id,
    title: resource.title,
    description: resource.bodyText === '' ? null : excerpt(resource.bodyText),
    href: webPaths.resourcePost(resource.slug),
    isExternal: false,
    imageUrl: null,
    at: resource.createdAt.toISOString(),
  };
}

export function presentPersonItem(ranked: TRankedPerson): THomeItem {
  const { person } = ranked;
  return {
    id: person.id,
    title: person.fullName,
    description: ranked.reasons.slice(0, 2).join(' · ') || person.headline,
    href: webPaths.profile(person.identifier),
    isExternal: false,
    imageUrl: person.photoUrl,
    at: null,
  };
}

type THeroCard = Omit<THomeHeroBannerSetting, 'cards'>;

function heroCard(card: THeroCard): THomeBanner {
  const link = safeLink(card.linkUrl);
  return {
    title: card.title,
    description: card.description,
    imageUrl: card.imageUrl,
    linkLabel: link ? (card.linkLabel ?? 'Learn more') : null,
    href: link?.href ?? null,
    isExternal: link?.isExternal ?? false,
  };
}

/**
 * The hero banner an admin set in moduleSettings.homeHeroBanner, or null (spec 3 Hub settings): the banner
 * alone in the single-card variant of spec 6 homepage-hero-section, the banner and its further cards in the
 * multi-card variant (a cards section when there is more than one).
 */
export function heroSectionOf(
  settings: THubSettings,
  variant: 'single-card' | 'multi-card',
): THomeSection | null {
  const parsed = ZHomeHeroBannerSetting.safeParse(settings.moduleSettings['homeHeroBanner']);
  if (!parsed.success) return null;
  const { cards, ...lead } = parsed.data;
  const banner = heroCard(lead);
  if (variant === 'single-card' || cards.length === 0) return bannerSection('heroBanner', banner);
  return {
    key: 'heroBanner',
    title: banner.title,
    kind: 'cards',
    items: [],
    itemCount: 0,
    banner,
    cards: [banner, ...cards.map(heroCard)],
    moreHref: null,
  };
}

/**
 * The donation banner of a hub that takes donations (spec 3 Hub settings isDonationsEnabled and
 * homepageDonationBanner, Banner): its button leads to the school's giving page (giveCampusURL).
 */
export function donationBannerOf(settings: THubSettings): THomeBanner | null {
  const banner = settings.homepageDonationBanner;
  if (!settings.isDonationsEnabled || banner === null) return null;
  const link = safeLink(banner.giveCampusURL);
  return {
    title: banner.title,
    description: banner.description,
    imageUrl: banner.bannerImage,
    linkLabel: link ? banner.linkLabel || 'Give now' : null,
    href: link?.href ?? null,
    isExternal: link?.isExternal ?? false,
  };
}

/** The static link blocks an admin set in moduleSettings.homeStaticLinks (spec 2 static link blocks). */
export function staticLinksOf(settings: THubSettings): THomeItem[] {
  const parsed = ZHomeStaticLinksSetting.safeParse(settings.moduleSettings['homeStaticLinks'] ?? []);
  if (!parsed.success) return [];
  return parsed.data.flatMap((block, index): THomeItem[] => {
    const link = safeLink(block.url);
    if (!link) return [];
    return [
      {
        id: `link-${index}`,
        title: block.title,
        description: block.description,
        href: link.href,
        isExternal: link.isExternal,
        imageUrl: null,
        at: null,
      },
    ];
  });
}

/** The ask-anything banner or widget: 'Ask Anything', 'Ask Your Community' in v2 (spec 9 Default names). */
export function askAnythingBanner(title: string): THomeBanner {
  return {
    title,
    description: 'Have a question? Ask your community: students, alumni and staff answer here.',
    imageUrl: null,
    linkLabel: 'Ask a question',
    href: '/discussion',
    isExternal: false,
  };
}

/** The hub's customizable widget (spec 3 Hub settings widget) as a section; its HTML is sanitised again on the way out. */
export function widgetSection(widget: { title: string; html: string } | null): THomeSection | null {
  if (widget === null) return null;
  const html = sanitizeRichText(widget.html);
  if (!hasRichTextContent(html)) return null;
  return {
    key: 'customizableWidget',
    title: widget.title,
    kind: 'html',
    items: [],
    itemCount: 0,
    banner: null,
    html,
    moreHref: null,
  };
}

/** An answer worth reading, leading to its place on the question's page. */
export function presentAnswerItem(answer: {
  id: string;
  bodyText: string;
  createdAt: Date;
  questionId: string;
  questionTitle: string;
  questionSlug: string;
  isAccepted: boolean;
  upvoteCount: number;
  authorName: string | null;
}): THomeItem {
  const why = [
    answer.isAccepted ? 'Accepted answer' : null,
    answer.upvoteCount > 0 ? `${answer.upvoteCount} upvote${answer.upvoteCount === 1 ? '' : 's'}` : null,
    answer.authorName,
  ].filter((part) => part !== null);
  return {
    id: answer.id,
    title: answer.questionTitle,
    description: [why.join(' · '), excerpt(answer.bodyText)].filter((part) => part !== '').join(': '),
    href: webPaths.discussionAnswer(answer.questionId, answer.questionSlug, answer.id),
    isExternal: false,
    imageUrl: null,
    at: answer.createdAt.toISOString(),
  };
}

/** An action the viewer can take now, or a profile field to fill in: a title, why, and where it leads. */
export function presentActionItem(action: {
  id: string;
  title: string;
  description: string;
  href: string;
}): THomeItem {
  return { ...action, isExternal: false, imageUrl: null, at: null };
}
