import type { TJobTagView } from '@commons/contract';
import { Badge, Group } from '@mantine/core';

/**
 * The spec 9 tag colours (hiring purple, industry grey, offers green, service type grey) as Mantine badges
 * whose text keeps 4.5:1 on their tint: the light variant with the colour's darkest shade (or dark) as text.
 */
export const TAG_BADGE_PROPS: Readonly<
  Record<TJobTagView['colour'], { color: string; c: string; bg?: string }>
> = {
  purple: { color: 'grape', c: 'grape.9' },
  grey: { color: 'gray', c: 'dark.7' },
  // No green text keeps 4.5:1 on a green tint (green 9 is 3.9:1): dark text on a stronger green.
  green: { color: 'green', c: 'dark.8', bg: 'green.1' },
};

/** A post's tags, each in its kind's colour. */
export function JobTags(props: { tags: readonly TJobTagView[] }) {
  if (props.tags.length === 0) return null;
  return (
    <Group gap={6} component="ul" aria-label="Tags" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {props.tags.map((tag, index) => (
        <li key={`${tag.kind}-${tag.label}-${index}`}>
          <Badge variant="light" radius="sm" tt="none" {...TAG_BADGE_PROPS[tag.colour]}>
            {tag.label}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
