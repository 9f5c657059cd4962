import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { BadgeMedal } from '../../../components/badge-medal';

/** A badge just earned, as the realtime 'badge.earned' event names it. */
export type TEarnedBadgeNotice = {
  badgeId: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
};

/**
 * The badge modal of spec 4 'Earned badge': the badge's image, title and description, and a Close button
 * that takes the focus (the modal traps it and gives it back to where it was on close).
 */
export function BadgeEarnedModal(props: { badge: TEarnedBadgeNotice | undefined; onClose: () => void }) {
  const { badge } = props;
  return (
    <Modal opened={badge !== undefined} onClose={props.onClose} title="You earned a badge" centered size="sm">
      {badge === undefined ? null : (
        <Stack align="center" gap="sm" ta="center">
          <BadgeMedal imageUrl={badge.imageUrl} size={96} />
          <Title order={2} size="h3">
            {badge.name}
          </Title>
          {badge.description === null ? null : <Text>{badge.description}</Text>}
          <Text size="sm" c="dark.6">
            It now shows on your profile.
          </Text>
          <Group justify="center" mt="xs">
            <Button onClick={props.onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
