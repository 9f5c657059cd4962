import { Button, Code, CopyButton, Group, Stack, Text, VisuallyHidden } from '@mantine/core';

/**
 * A value an admin copies into another system (a DNS record, a provider's URLs, a SCIM base URL): its label, the
 * value wrapped on narrow screens, and a Copy button named after the label for screen readers.
 */
export function CopyField(props: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {props.label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code
          block
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', flex: 1, minWidth: 0 }}
          data-testid={props.testId}
        >
          {props.value}
        </Code>
        <CopyButton value={props.value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
              <VisuallyHidden> {props.label.toLowerCase()}</VisuallyHidden>
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
