import { describe, expect, it } from 'vitest';
import {
  careerPathExpertiseOptions,
  careerPathFavoriteCopy,
  careerPathVideoEmbedUrl,
  formatSalaryRange,
  recommendCareerPaths,
} from './career-paths.js';

describe('career paths (issue #20 item 2)', () => {
  it.each([
    ['control', false, 'Favorite'],
    ['control', true, 'Favorited'],
    ['treatment', false, 'Save to my careers'],
    ['treatment', true, 'Saved to my careers'],
  ] as const)('words the favourite button for %s (favourite: %s) as %s', (variant, isFavorite, label) => {
    expect(careerPathFavoriteCopy(variant, isFavorite)).toBe(label);
  });

  it.each([
    [60000, 95000, '$60,000 – $95,000 a year'],
    [70000, 70000, '$70,000 a year'],
    [50000, null, 'From $50,000 a year'],
    [null, 120000, 'Up to $120,000 a year'],
    [null, null, null],
  ])('writes the salary range %s–%s as %s', (min, max, text) => {
    expect(formatSalaryRange({ min, max, currency: 'USD' })).toBe(text);
  });

  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    [' https://example.com/x.mp4 ', 'https://example.com/x.mp4'],
    ['not a link', 'not a link'],
  ])('makes %s embeddable as %s', (link, embed) => {
    expect(careerPathVideoEmbedUrl(link)).toBe(embed);
  });

  const catalogue = [
    { id: 'se', title: 'Software Engineering', industries: ['Technology'], jobFunctions: ['Engineering'] },
    { id: 'ds', title: 'Data Science', industries: ['Technology', 'Finance'], jobFunctions: ['Analytics'] },
    { id: 'fa', title: 'Financial Analysis', industries: ['finance'], jobFunctions: ['Analytics'] },
    { id: 'nu', title: 'Nursing', industries: ['Healthcare'], jobFunctions: ['Patient care'] },
    { id: 'ar', title: 'Architecture', industries: ['Construction'], jobFunctions: ['Design'] },
  ];

  it('recommends paths sharing terms with favourites (2 each) and the profile (3 each), favourites left out', () => {
    const recommended = recommendCareerPaths({
      catalogue,
      favoriteIds: ['ds'],
      profileIndustries: ['Healthcare'],
      profileJobFunctions: [],
      limit: 10,
    });
    // Financial Analysis: finance (any case) + Analytics = 4; Nursing: profile Healthcare = 3; Software: Technology = 2.
    expect(recommended.map((p) => p.id)).toEqual(['fa', 'nu', 'se']);
  });

  it('recommends nothing without favourites or profile terms', () => {
    expect(
      recommendCareerPaths({
        catalogue,
        favoriteIds: [],
        profileIndustries: [],
        profileJobFunctions: [],
        limit: 10,
      }),
    ).toEqual([]);
  });

  it('offers the catalogue titles and keeps the profile’s own values once', () => {
    expect(
      careerPathExpertiseOptions({
        catalogueTitles: ['Nursing', 'Data Science'],
        current: ['nursing', 'Teaching'],
      }),
    ).toEqual(['Nursing', 'Data Science', 'Teaching']);
  });
});
