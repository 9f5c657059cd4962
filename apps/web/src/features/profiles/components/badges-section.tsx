import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BadgeMedal } from '../../../components/badge-medal';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { formatInZone } from '../../../lib/viewer-time';
import { useProfileBadges } from '../api/get-profile-badges';

/**
 * The profile section badges (spec 2): the badges the member earned in the hub, each with its picture,
 * title, what earned it and when. Left out for viewers who may not see it (404) and, on someone else's
 * profile, when there is none; the owner sees how to earn one instead. Left out too while the hub's compass
 * and achievements feature is off.
 */
export function BadgesSection(props: {
  identifier: string;
  hubId?: string;
  isOwner: boolean;
  timeZone: string;
}) {
  const badges = useProfileBadges(props.identifier, props.hubId);
  if (badges.isPending) return null;
  if (badges.isError && isApiError(badges.error) && badges.error.status === 404) return null;
  // The hub that decides the profile has its compass and achievements feature off (spec 6).
  if (badges.data?.pages[0]?.isEnabled === false) return null;
  const items = badges.data?.pages.flatMap((page) => page.items) ?? [];
  if (!badges.isError && items.length === 0 && !props.isOwner) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="profile-badges-heading"
      withBorder
      p="lg"
      radius="md"
      id="profile-badges"
    >
      <Title order={2} size="h3" id="profile-badges-heading" mb="sm">
        Badges
      </Title>
      {badges.isError ? (
        <ErrorAlert error={badges.error} />
      ) : items.length === 0 ? (
        <Text c="dark.6">
          No badges yet. Answer questions, join groups and complete your profile to earn them.
        </Text>
      ) : (
        <Stack gap="sm">
          <SimpleGrid
            cols={{ base: 1, sm: 2 }}
            spacing="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {items.map((badge) => (
              <Group key={badge.id} component="li" wrap="nowrap" align="flex-start" gap="sm">
                <BadgeMedal imageUrl={badge.imageUrl} size={48} />
                <div>
                  <Text fw={600}>{badge.title}</Text>
                  <Text size="sm">{badge.description}</Text>
                  <Text size="xs" c="dark.6">
                    {badge.ruleDescription} · earned {formatInZone(badge.earnedAt, 'medium', props.timeZone)}
                  </Text>
                </div>
              </Group>
            ))}
          </SimpleGrid>
          {badges.hasNextPage ? (
            <Button
              variant="subtle"
              onClick={() => void badges.fetchNextPage()}
              loading={badges.isFetchingNextPage}
            >
              Show more badges
            </Button>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
