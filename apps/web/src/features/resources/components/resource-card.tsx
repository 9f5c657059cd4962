import type { TResource } from '@commons/contract';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { RESOURCE_TYPE_LABELS } from '../resource-rules';
import { ResourceAuthor } from './resource-author';

/** A resource or company listing in a list: type, title link, excerpt, category, location and author. */
export function ResourceCard(props: { resource: TResource; hubId?: string }) {
  const { resource } = props;
  return (
    <Paper withBorder p="md" radius="md" component="article">
      <Stack gap="xs">
        <Group gap="xs">
          {resource.isPinned ? <Badge color="blue.9">Pinned</Badge> : null}
          {resource.isBusinessDirectory ? null : (
            <Badge color="indigo.9">{RESOURCE_TYPE_LABELS[resource.typeName]}</Badge>
          )}
          {resource.category === null ? null : (
            <Badge variant="outline" color="gray.8" tt="none">
              {resource.category}
            </Badge>
          )}
          {resource.attachments.length > 0 ? (
            <Text size="xs" c="dimmed">
              {resource.attachments.length === 1 ? '1 file' : `${resource.attachments.length} files`}
            </Text>
          ) : null}
        </Group>
        <Title order={3} size="h4">
          <Anchor component={Link} to={paths.resourcePost(resource.slug, { hubId: props.hubId })}>
            {resource.title}
          </Anchor>
        </Title>
        {resource.location === null ? null : <Text size="sm">{resource.location}</Text>}
        {resource.excerpt === '' ? null : <Text size="sm">{resource.excerpt}</Text>}
        <ResourceAuthor author={resource.author} createdAt={resource.createdAt} />
      </Stack>
    </Paper>
  );
}
