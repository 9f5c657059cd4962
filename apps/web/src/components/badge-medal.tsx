import { ThemeIcon } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';

/**
 * A badge's picture (issue #18 item 5): the image the hub uploaded, or a medal when it has none. It is
 * decorative: the badge's title always stands next to it.
 */
export function BadgeMedal(props: { imageUrl: string | null; size?: number }) {
  const size = props.size ?? 48;
  if (props.imageUrl !== null) {
    return (
      <img
        src={props.imageUrl}
        alt=""
        width={size}
        height={size}
        style={{ objectFit: 'contain', borderRadius: '50%', flexShrink: 0 }}
      />
    );
  }
  return (
    <ThemeIcon size={size} radius="50%" color="yellow.3" c="dark.7" aria-hidden="true">
      <IconAward size={size * 0.6} stroke={1.6} />
    </ThemeIcon>
  );
}
