import { SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/**
 * The grey outline of a page (title, a few lines, cards) shown while a page's code or data loads,
 * instead of the previous page staying on screen (issue #16 item 16); announced once, politely.
 */
export function PageSkeleton({ label = 'Loading the page…' }: { label?: string }) {
  return (
    <Stack gap="lg" role="status" aria-live="polite" data-testid="page-skeleton">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Skeleton height={36} width="40%" />
      <Stack gap="xs">
        <Skeleton height={14} width="75%" />
        <Skeleton height={14} width="60%" />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={120} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
