/**
 * The home's career sections (issue #20 item 2; spec 2 Home sections 'liked and recommended careers' and
 * 'career path widget'): the viewer's favourites, career paths related to them and to the profile's industries
 * and job functions, and alumni whose careerPathExpertise names a favourite. The active catalogue is the same for
 * every member, so the home keeps it in the hub read cache; the viewer's favourites and the alumni are one
 * statement (homeCareerRead), read once per request.
 */
import { HOME_SECTION_ITEM_LIMIT, webPaths, type THomeItem, type THomeSection } from '@commons/contract';
import { recommendCareerPaths } from '@commons/domain';
import type { TRequestContext } from '../../plugins/request-context.js';
import { standardDataLabels } from '../directory/directory.commands.js';
import { homeCareerRead, type TAlumnusRow, type TCatalogueEntry } from './career-paths.queries.js';

/** The home's section shapes, as modules/home builds them (itemsSection: an empty section is left out). */
type TItemsSection = (options: {
  key: 'likedCareers' | 'recommendedCareers' | 'careerPathWidget';
  kind?: 'items' | 'people';
  items: THomeItem[];
  moreHref?: string | null;
}) => THomeSection | null;

type TLoader = (ctx: TRequestContext) => Promise<THomeSection | null>;

/** Alumni the home's career path widget shows. */
const HOME_ALUMNI_LIMIT = 10;

function careerItem(hubIdentifier: string, path: TCatalogueEntry): THomeItem {
  return {
    id: path.id,
    title: path.title,
    description: path.typicalRoles.slice(0, 3).join(' · ') || path.description,
    href: webPaths.hub.careerPath(hubIdentifier, path.id),
    isExternal: false,
    imageUrl: null,
    at: null,
  };
}

/** The three career loaders of one home request, sharing the viewer's favourites. */
export function careerPathHomeLoaders(options: {
  /** The active catalogue through the hub read cache. */
  catalogue: (ctx: TRequestContext) => Promise<TCatalogueEntry[]>;
  itemsSection: TItemsSection;
}): Record<'likedCareers' | 'recommendedCareers' | 'careerPathWidget', TLoader> {
  let favorites: Promise<{
    catalogue: TCatalogueEntry[];
    liked: TCatalogueEntry[];
    alumni: TAlumnusRow[];
  }> | null = null;
  const favoritesOf = (ctx: TRequestContext) =>
    (favorites ??= (async () => {
      const catalogue = await options.catalogue(ctx);
      const { favoriteIds, alumni } = await homeCareerRead(ctx.tx, {
        clusterId: ctx.clusterId,
        hubId: ctx.requireHub().id,
        userId: ctx.requireViewer().user.id,
        alumniLimit: HOME_ALUMNI_LIMIT,
      });
      const byId = new Map(catalogue.map((path) => [path.id, path]));
      // Archived favourites are not in the active catalogue and drop out here.
      const liked = favoriteIds.flatMap((id) => byId.get(id) ?? []);
      return { catalogue, liked, alumni };
    })());
  const more = (ctx: TRequestContext) => webPaths.hub.careerPaths(ctx.requireHub().identifier);
  return {
    likedCareers: async (ctx) => {
      const { liked } = await favoritesOf(ctx);
      const hub = ctx.requireHub();
      return options.itemsSection({
        key: 'likedCareers',
        items: liked.map((path) => careerItem(hub.identifier, path)),
        moreHref: more(ctx),
      });
    },
    recommendedCareers: async (ctx) => {
      const { catalogue, liked } = await favoritesOf(ctx);
      const { standardData } = ctx.requireViewer().user;
      const hub = ctx.requireHub();
      const recommended = recommendCareerPaths({
        catalogue,
        favoriteIds: liked.map((path) => path.id),
        profileIndustries: standardDataLabels(standardData, 'job-industries'),
        profileJobFunctions: standardDataLabels(standardData, 'job-functions'),
        limit: HOME_SECTION_ITEM_LIMIT,
      });
      return options.itemsSection({
        key: 'recommendedCareers',
        items: recommended.map((path) => careerItem(hub.identifier, path)),
        moreHref: more(ctx),
      });
    },
    careerPathWidget: async (ctx) => {
      const { alumni } = await favoritesOf(ctx);
      return options.itemsSection({
        key: 'careerPathWidget',
        kind: 'people',
        items: alumni.map((person) => ({
          id: person.id,
          title: person.fullName,
          description: `${person.userTypeTitle ?? 'Alumni'} · ${person.matched.join(', ')}`,
          href: webPaths.profile(person.identifier),
          isExternal: false,
          imageUrl: person.photoUrl,
          at: null,
        })),
        moreHref: more(ctx),
      });
    },
  };
}
