/** Career path rows → the contract's shapes, with the viewer's favourite and abilities (issue #20 item 2). */
import type { TCareerPath, TCareerPathAlumnus } from '@commons/contract';
import { careerPathFavoriteCopy, formatSalaryRange, type TExperimentVariant } from '@commons/domain';
import type { TAlumnusRow, TCareerPathWithFavorite } from './career-paths.queries.js';

/** What the presenter needs of the viewer: the hub's CTA variant and their abilities. */
export type TCareerPathViewer = {
  ctaVariant: TExperimentVariant<'career-path-favorite-cta-copy'>;
  canFavorite: boolean;
  canManage: boolean;
};

export function presentCareerPath(row: TCareerPathWithFavorite, viewer: TCareerPathViewer): TCareerPath {
  const { path, isFavorite } = row;
  return {
    id: path.id,
    title: path.title,
    description: path.description,
    typicalRoles: path.typicalRoles,
    skills: path.skills,
    education: path.education,
    salaryMin: path.salaryMin,
    salaryMax: path.salaryMax,
    salaryCurrency: path.salaryCurrency,
    salaryText: formatSalaryRange({
      min: path.salaryMin,
      max: path.salaryMax,
      currency: path.salaryCurrency,
    }),
    industries: path.industries,
    jobFunctions: path.jobFunctions,
    videoUrl: path.videoUrl,
    isArchived: path.archivedAt !== null,
    isFavorite,
    favoriteLabel: careerPathFavoriteCopy(viewer.ctaVariant, isFavorite),
    updatedAt: path.updatedAt.toISOString(),
    can: { favorite: viewer.canFavorite && path.archivedAt === null, edit: viewer.canManage },
  };
}

export function presentAlumnus(row: TAlumnusRow): TCareerPathAlumnus {
  return {
    id: row.id,
    identifier: row.identifier,
    fullName: row.fullName,
    headline: row.headline,
    photoUrl: row.photoUrl,
    userTypeTitle: row.userTypeTitle,
    careerPaths: row.matched,
  };
}
