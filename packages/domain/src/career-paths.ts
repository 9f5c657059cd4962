/**
 * Career paths (issue #20 item 2; spec 2 {hubPath}/career-paths, spec 6 manage-career-paths, the career paths
 * feature flag and the career-path-favorite-cta-copy experiment): the cluster's catalogue of careers members
 * browse, favourite and get recommendations from. Pure rules only; the server stores and reads.
 */
import type { TExperimentVariant } from './experiments.js';

/** Field limits of a career path (the contract validates with them; the migration checks the salary). */
export const CAREER_PATH_LIMITS = {
  titleMax: 120,
  descriptionMax: 5000,
  /** Typical roles, skills, related industries and job functions: each list. */
  listItemsMax: 20,
  listItemMax: 100,
  educationMax: 500,
  /** Yearly salary bounds, whole currency units. */
  salaryMax: 10_000_000,
} as const;

/** The right that manages the catalogue (spec 6 hub access groups). */
export const CAREER_PATHS_RIGHT = 'manage-career-paths';

/** Currency of the salary ranges (the catalogue is written for one country per cluster). */
export const CAREER_PATH_DEFAULT_CURRENCY = 'USD';

/**
 * The favourite button's words by the hub's career-path-favorite-cta-copy variant (spec 6): control says
 * Favorite, the treatment invites saving the path to explore it.
 */
export function careerPathFavoriteCopy(
  variant: TExperimentVariant<'career-path-favorite-cta-copy'>,
  isFavorite: boolean,
): string {
  if (variant === 'treatment') return isFavorite ? 'Saved to my careers' : 'Save to my careers';
  return isFavorite ? 'Favorited' : 'Favorite';
}

/**
 * A yearly salary range as text, e.g. "$60,000 – $95,000 a year"; one bound alone reads "From …" or
 * "Up to …"; null without either.
 */
export function formatSalaryRange(options: {
  min: number | null;
  max: number | null;
  currency: string;
}): string | null {
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: options.currency,
    maximumFractionDigits: 0,
  });
  const { min, max } = options;
  if (min !== null && max !== null) {
    return min === max
      ? `${format.format(min)} a year`
      : `${format.format(min)} – ${format.format(max)} a year`;
  }
  if (min !== null) return `From ${format.format(min)} a year`;
  if (max !== null) return `Up to ${format.format(max)} a year`;
  return null;
}

/** The message of a salary range whose minimum is above its maximum. */
export const SALARY_RANGE_MESSAGE = 'The lowest salary must not be above the highest.';

/** The message of a video link that is not from an approved video host (spec 5 Embedded frames). */
export const CAREER_PATH_VIDEO_MESSAGE =
  'Use a video link from YouTube, Vimeo, Wistia, Kaltura, Panopto or Candid Career.';

/**
 * The embeddable address of a video link an admin pasted: YouTube watch and short links and Vimeo pages
 * become their player addresses; anything else is kept as given (the server then holds it to the approved
 * embed hosts of spec 5 Embedded frames).
 */
export function careerPathVideoEmbedUrl(link: string): string {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return link.trim();
  }
  const host = url.hostname
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/^m\./, '');
  const youtubeId = (id: string | null | undefined) =>
    id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  if (host === 'youtube.com' && url.pathname === '/watch') {
    return youtubeId(url.searchParams.get('v')) ?? link.trim();
  }
  if (host === 'youtu.be') return youtubeId(url.pathname.slice(1)) ?? link.trim();
  if (host === 'vimeo.com' && /^\/\d+$/.test(url.pathname)) {
    return `https://player.vimeo.com/video${url.pathname}`;
  }
  return link.trim();
}

/** What the recommendation reads of a career path. */
export type TCareerPathTerms = {
  id: string;
  title: string;
  industries: readonly string[];
  jobFunctions: readonly string[];
};

const normalise = (value: string) => value.trim().toLowerCase();

/**
 * Career paths to recommend (the home's recommendedCareers): those sharing related industries or job functions
 * with the member's favourites (2 a shared term) or with the profile's industries and job functions (3 a
 * shared term), favourites left out, best first, then by title. Terms compare without case.
 */
export function recommendCareerPaths<T extends TCareerPathTerms>(options: {
  catalogue: readonly T[];
  favoriteIds: readonly string[];
  profileIndustries: readonly string[];
  profileJobFunctions: readonly string[];
  limit: number;
}): T[] {
  const favorites = new Set(options.favoriteIds);
  const liked = options.catalogue.filter((path) => favorites.has(path.id));
  const likedIndustries = new Set(liked.flatMap((p) => p.industries.map(normalise)));
  const likedFunctions = new Set(liked.flatMap((p) => p.jobFunctions.map(normalise)));
  const profileIndustries = new Set(options.profileIndustries.map(normalise));
  const profileFunctions = new Set(options.profileJobFunctions.map(normalise));
  const scoreOf = (path: T) => {
    let score = 0;
    for (const industry of new Set(path.industries.map(normalise))) {
      if (likedIndustries.has(industry)) score += 2;
      if (profileIndustries.has(industry)) score += 3;
    }
    for (const jobFunction of new Set(path.jobFunctions.map(normalise))) {
      if (likedFunctions.has(jobFunction)) score += 2;
      if (profileFunctions.has(jobFunction)) score += 3;
    }
    return score;
  };
  return options.catalogue
    .filter((path) => !favorites.has(path.id))
    .map((path) => ({ path, score: scoreOf(path) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.path.title.localeCompare(b.path.title))
    .slice(0, options.limit)
    .map((entry) => entry.path);
}

/**
 * The careerPathExpertise values a profile may keep (issue #20 item 2: the picker chooses from the catalogue,
 * existing values stay): the catalogue's titles, and whatever the profile already held.
 */
export function careerPathExpertiseOptions(options: {
  catalogueTitles: readonly string[];
  current: readonly string[];
}): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of [...options.catalogueTitles, ...options.current]) {
    const key = normalise(value);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}
