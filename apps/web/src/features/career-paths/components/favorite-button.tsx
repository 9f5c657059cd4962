import type { TCareerPath } from '@commons/contract';
import { Button } from '@mantine/core';
import { useFavoriteCareerPath } from '../api/career-paths';

function Heart(props: { isFilled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z"
        fill={props.isFilled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

/**
 * Favourite or unfavourite a career path, worded by the hub's career-path-favorite-cta-copy variant (the server's
 * favoriteLabel); a toggle button (aria-pressed) named with the path's title.
 */
export function FavoriteButton(props: {
  hubIdentifier: string;
  careerPath: TCareerPath;
  size?: 'sm' | 'md';
}) {
  const { careerPath } = props;
  const favorite = useFavoriteCareerPath(props.hubIdentifier);
  if (!careerPath.can.favorite) return null;
  return (
    <Button
      size={props.size ?? 'sm'}
      variant={careerPath.isFavorite ? 'filled' : 'outline'}
      leftSection={<Heart isFilled={careerPath.isFavorite} />}
      aria-pressed={careerPath.isFavorite}
      aria-label={`${careerPath.favoriteLabel}: ${careerPath.title}`}
      loading={favorite.isPending}
      onClick={() => favorite.mutate({ id: careerPath.id, isFavorite: !careerPath.isFavorite })}
    >
      {careerPath.favoriteLabel}
    </Button>
  );
}
