import type { TActionItem } from '@commons/contract';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One action item banner as members see it on their home (spec 3 Action items): the admins' image (the
 * mobile one on narrow screens), the heading it is listed under, the title, the description and the
 * actions. Shared by the home and the admins' preview, so the preview is the real banner.
 */
export function ActionItemBanner(props: {
  item: Pick<TActionItem, 'type' | 'heading' | 'title' | 'description' | 'imageUrl' | 'mobileImageUrl'>;
  /** The buttons under the copy. */
  actions: ReactNode;
  /** Distinguishes the ids of two banners of the same type on one page (the admin preview). */
  idPrefix?: string;
}) {
  const { item } = props;
  const titleId = `${props.idPrefix ?? 'action-item'}-${item.type}`;
  return (
    <Paper withBorder p="md" radius="md" h="100%" aria-labelledby={titleId} component="article">
      <Stack gap="xs" align="flex-start" h="100%">
        {item.imageUrl === null ? null : (
          // The admins' banner image is decorative: the heading and copy say what to do.
          <picture style={{ display: 'block', width: '100%' }}>
            {item.mobileImageUrl === null ? null : (
              <source media="(max-width: 36em)" srcSet={item.mobileImageUrl} />
            )}
            <img
              src={item.imageUrl}
              alt=""
              loading="lazy"
              style={{ display: 'block', width: '100%', maxHeight: 160, objectFit: 'cover', borderRadius: 4 }}
            />
          </picture>
        )}
        <Text size="xs" fw={700} tt="uppercase" c="blue.8">
          {item.heading}
        </Text>
        <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Title>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {item.description}
        </Text>
        <Group gap="xs" mt="auto">
          {props.actions}
        </Group>
      </Stack>
    </Paper>
  );
}
