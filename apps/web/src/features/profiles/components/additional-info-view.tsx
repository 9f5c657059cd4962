import type { TProfile } from '@commons/contract';
import { Stack, Text } from '@mantine/core';
import { slugLabel } from '../utils/profile-labels';

/** The additional information of a profile (spec 3 User additionalInfo), each item under its name. */
export function AdditionalInfoView({
  items,
}: {
  items: NonNullable<TProfile['sections']['additionalInfo']>;
}) {
  if (items.length === 0) return <Text c="dimmed">Nothing added yet.</Text>;
  return (
    <Stack gap="sm">
      {items.map((item) => (
        <div key={item.slug}>
          <Text fw={600}>{slugLabel(item.slug)}</Text>
          <Text style={{ whiteSpace: item.type === 'paragraph' ? 'pre-wrap' : undefined }}>{item.value}</Text>
        </div>
      ))}
    </Stack>
  );
}
