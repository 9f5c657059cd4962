import type { THomeBanner, THomeItem, THomeSection } from '@commons/contract';
import { parseCoverImageUrl, type THomeTab } from '@commons/domain';
import {
  Anchor,
  Avatar,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CoverImage } from '../../../components/cover-image';
import { RichTextView } from '../../../components/rich-text-editor';
import { formatDateTime, useViewerTimeZone } from '../../../lib/viewer-time';
import { useHomeSectionItems } from '../api/get-home';

/** A link to an item: inside the app through the router, outside in a new tab. */
function ItemLink(props: { href: string; isExternal: boolean; children: ReactNode }) {
  return props.isExternal ? (
    <Anchor href={props.href} target="_blank" rel="noopener noreferrer">
      {props.children}
      <VisuallyHidden component="span"> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  ) : (
    <Anchor component={Link} to={props.href}>
      {props.children}
    </Anchor>
  );
}

function ItemCard(props: { item: THomeItem; kind: THomeSection['kind']; timeZone: string }) {
  const { item } = props;
  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {props.kind === 'people' ? <Avatar src={item.imageUrl} alt="" name={item.title} radius="xl" /> : null}
        <Stack gap={4} miw={0}>
          <Text fw={600} component="h3" m={0} style={{ overflowWrap: 'anywhere' }}>
            <ItemLink href={item.href} isExternal={item.isExternal}>
              {item.title}
            </ItemLink>
          </Text>
          {item.at === null ? null : (
            <Text size="sm" c="dimmed">
              {formatDateTime(item.at, props.timeZone)}
            </Text>
          )}
          {item.description === null ? null : (
            <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              {item.description}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** A banner's image, heading, text and call to action. */
function BannerBody(props: { banner: THomeBanner; headingId: string; order: 2 | 3 }) {
  const { banner } = props;
  return (
    <Stack gap="xs" align="flex-start">
      {/* Only a preset or an uploaded image: an admin's other URL would be a hot-linked host (CSP blocks it). */}
      {banner.imageUrl !== null && parseCoverImageUrl(banner.imageUrl) !== null ? (
        <CoverImage url={banner.imageUrl} variant="banner" />
      ) : null}
      <Title order={props.order} id={props.headingId} size={props.order === 3 ? 'h4' : undefined}>
        {banner.title}
      </Title>
      {banner.description === '' ? null : <Text>{banner.description}</Text>}
      {banner.href !== null && banner.linkLabel !== null ? (
        banner.isExternal ? (
          <Button
            component="a"
            href={banner.href}
            target="_blank"
            rel="noopener noreferrer"
            variant={props.order === 2 ? 'filled' : 'light'}
          >
            {banner.linkLabel}
            <VisuallyHidden component="span"> (opens in a new tab)</VisuallyHidden>
          </Button>
        ) : (
          <Button component={Link} to={banner.href} variant={props.order === 2 ? 'filled' : 'light'}>
            {banner.linkLabel}
          </Button>
        )
      ) : null}
    </Stack>
  );
}

/**
 * One section of the hub home (issue #18): a banner with its call to action (or several cards, the
 * multi-card hero), the hub's widget HTML, or a heading, up to six items as cards (all of them on
 * "Show all") and a link to the section's own page; action items read as things to do.
 */
export function HomeSectionCard(props: {
  hubId: string;
  tab: THomeTab;
  section: THomeSection;
  feed: ReactNode;
}) {
  const { section } = props;
  const timeZone = useViewerTimeZone();
  const [isShowingAll, setIsShowingAll] = useState(false);
  // The home answer carries the first items; "Show all" reads the whole section (up to 30).
  const allItems = useHomeSectionItems({
    hubId: props.hubId,
    tab: props.tab,
    sectionKey: section.key,
    isEnabled: isShowingAll,
  });
  const headingId = `home-section-${section.key}`;

  if (section.kind === 'feed') return <>{props.feed}</>;

  if (section.kind === 'cards' && section.cards && section.cards.length > 0) {
    const [lead, ...others] = section.cards;
    return (
      <section aria-labelledby={headingId}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {lead ? (
            <Paper withBorder p="lg" radius="md" bg="var(--mantine-color-blue-light)">
              <BannerBody banner={lead} headingId={headingId} order={2} />
            </Paper>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: others.length > 1 ? 2 : 1, md: 1 }} spacing="sm">
            {others.map((card, index) => (
              <Paper key={`${card.title}-${index}`} withBorder p="md" radius="md">
                <BannerBody banner={card} headingId={`${headingId}-${index}`} order={3} />
              </Paper>
            ))}
          </SimpleGrid>
        </SimpleGrid>
      </section>
    );
  }

  if (section.kind === 'banner' && section.banner) {
    return (
      <Paper
        component="section"
        aria-labelledby={headingId}
        withBorder
        p="lg"
        radius="md"
        bg="var(--mantine-color-blue-light)"
      >
        <BannerBody banner={section.banner} headingId={headingId} order={2} />
      </Paper>
    );
  }

  if (section.kind === 'html' && section.html !== undefined) {
    return (
      <section aria-labelledby={headingId}>
        <Title order={2} id={headingId} mb="sm">
          {section.title}
        </Title>
        <Paper withBorder p="md" radius="md">
          {/* Sanitised by the server (spec 5 Rich text, Embedded frames) on write and when presented. */}
          <RichTextView html={section.html} />
        </Paper>
      </section>
    );
  }

  const shown = isShowingAll && allItems.data ? allItems.data.items : section.items;
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} id={headingId}>
          {section.title}
        </Title>
        {section.moreHref === null ? null : (
          <Anchor component={Link} to={section.moreHref}>
            See all<VisuallyHidden component="span"> {section.title.toLowerCase()}</VisuallyHidden>
          </Anchor>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" role="list" aria-labelledby={headingId}>
        {shown.map((item) => (
          <div role="listitem" key={item.id}>
            <ItemCard item={item} kind={section.kind} timeZone={timeZone} />
          </div>
        ))}
      </SimpleGrid>
      {section.itemCount > section.items.length && !allItems.isSuccess ? (
        <Group justify="center" mt="sm">
          <Button
            variant="default"
            loading={allItems.isFetching}
            onClick={() => (isShowingAll ? void allItems.refetch() : setIsShowingAll(true))}
          >
            Show all {section.itemCount}
          </Button>
          {allItems.isError ? (
            <Text role="alert" size="sm" c="red.8">
              The rest of this section could not be loaded. Try again.
            </Text>
          ) : null}
        </Group>
      ) : null}
    </section>
  );
}
