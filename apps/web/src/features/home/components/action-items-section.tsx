import type { TActionItem } from '@commons/contract';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useActionItems, useCompleteActionItem } from '../api/action-items';
import { actionItemHref } from './action-item-link';

function ActionItemCard(props: { item: TActionItem; hubIdentifier: string; userIdentifier: string }) {
  const { item } = props;
  const complete = useCompleteActionItem(props.hubIdentifier);
  const target =
    item.clickAction === 'link' || item.clickAction === 'link-or-highlight'
      ? actionItemHref(item.link, {
          hubIdentifier: props.hubIdentifier,
          userIdentifier: props.userIdentifier,
        })
      : null;
  const titleId = `action-item-${item.type}`;
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
          {target === null ? null : target.isExternal ? (
            <Button component="a" href={target.href} target="_blank" rel="noopener noreferrer" size="sm">
              {item.buttonLabel}
              <VisuallyHidden component="span"> (opens in a new tab)</VisuallyHidden>
            </Button>
          ) : (
            <Button component={Link} to={target.href} size="sm">
              {item.buttonLabel}
            </Button>
          )}
          {item.isManual ? (
            <Button
              variant="default"
              size="sm"
              loading={complete.isPending}
              onClick={() => complete.mutate(item.type)}
            >
              Mark as done<VisuallyHidden component="span">: {item.title}</VisuallyHidden>
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The viewer's open action items in the hub (issue #18 item 4, spec 3 Action items), above the home
 * sections: one card per item with its heading, copy and button. Left out when there is none (or the list
 * cannot load: the home works without it). Completed items leave through the realtime event's refetch.
 */
export function ActionItemsSection(props: { hubIdentifier: string; userIdentifier: string }) {
  const items = useActionItems(props.hubIdentifier);
  const list = items.data?.items ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="action-items-heading" data-testid="action-items">
      <Title order={2} id="action-items-heading" mb="sm">
        Your next steps
      </Title>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="sm"
        role="list"
        aria-labelledby="action-items-heading"
      >
        {list.map((item) => (
          <div role="listitem" key={item.type}>
            <ActionItemCard
              item={item}
              hubIdentifier={props.hubIdentifier}
              userIdentifier={props.userIdentifier}
            />
          </div>
        ))}
      </SimpleGrid>
    </section>
  );
}
