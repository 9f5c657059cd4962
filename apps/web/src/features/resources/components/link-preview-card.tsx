import type { TLinkPreview } from '@commons/contract';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { previewText } from '../resource-rules';

/**
 * The open-graph card of a link (title ≤ 80, description ≤ 200 characters, spec 9). The page's image
 * is not shown: images come only from this site (CSP img-src), never hot-linked.
 */
export function LinkPreviewCard(props: { preview: TLinkPreview }) {
  const text = previewText(props.preview);
  return (
    <Paper withBorder p="sm" radius="md" aria-label={`Link preview: ${text.title}`} component="section">
      <Stack gap={2}>
        <Text size="xs" c="dimmed" tt="uppercase">
          {text.site}
        </Text>
        <Anchor href={props.preview.url} target="_blank" rel="noopener noreferrer" fw={600}>
          {text.title}
        </Anchor>
        {text.description === '' ? null : <Text size="sm">{text.description}</Text>}
      </Stack>
    </Paper>
  );
}
