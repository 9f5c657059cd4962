import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert';
import { useRotateFeed } from '../api/availability';

/**
 * The private ICS feed of my meetings: calendar apps subscribe to the URL, which is its own credential, so
 * it can be copied and replaced (the old URL stops working at once).
 */
export function CalendarFeed({ feedUrl }: { feedUrl: string | null }) {
  const rotate = useRotateFeed();
  return (
    <Stack gap="sm">
      <Text size="sm">
        Subscribe to this address in your calendar app (Google Calendar, Outlook, Apple Calendar) to see your
        scheduled meetings there. Keep it private: anyone with the link can see your meetings.
      </Text>
      {feedUrl === null ? (
        <div>
          <Button onClick={() => rotate.mutate()} loading={rotate.isPending}>
            Create my calendar link
          </Button>
        </div>
      ) : (
        <>
          <TextInput
            label="Private calendar link"
            readOnly
            value={feedUrl}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group gap="xs">
            <CopyButton value={feedUrl}>
              {({ copied, copy }) => (
                <Button variant="outline" onClick={copy}>
                  {copied ? 'Link copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
            <Button
              variant="outline"
              color="red.9"
              onClick={() => rotate.mutate()}
              loading={rotate.isPending}
            >
              Replace the link
            </Button>
          </Group>
        </>
      )}
      <div aria-live="polite">
        {rotate.isSuccess ? (
          <Text size="sm">A new private link was created. Links made before it no longer work.</Text>
        ) : null}
        <ErrorAlert error={rotate.error} />
      </div>
    </Stack>
  );
}
