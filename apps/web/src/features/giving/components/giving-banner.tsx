import { Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { TGivingPage } from '@commons/contract';

/** The hub's donation banner (spec 3 Banner) at the top of the giving page: its title is the page's heading. */
export function GivingBanner({
  banner,
  fallbackTitle,
}: {
  banner: TGivingPage['banner'];
  fallbackTitle: string;
}) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        {banner?.bannerImage ? (
          <Image src={banner.bannerImage} alt="" radius="sm" h={160} fit="cover" />
        ) : null}
        <Title order={1}>{banner?.title ?? fallbackTitle}</Title>
        {banner?.description ? <Text style={{ whiteSpace: 'pre-line' }}>{banner.description}</Text> : null}
      </Stack>
    </Paper>
  );
}
