import { isMessageType } from '@commons/domain';
import { Badge, Button, Group, Stack, Tabs, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/current-user';
import { useUnreadCount, type TInboxTab } from '../api/threads';
import { ComposeDialog } from '../components/compose-dialog';
import { InboxSearchResults } from '../components/inbox-search-results';
import { ThreadList } from '../components/thread-list';

const TABS: ReadonlyArray<{ value: TInboxTab; label: string }> = [
  { value: 'inbox', label: 'Inbox' },
  { value: 'rooms', label: 'Rooms' },
  { value: 'archived', label: 'Archived' },
];

function isTab(value: string | null): value is TInboxTab {
  return TABS.some((tab) => tab.value === value);
}

/**
 * /inbox and /inbox/{address}?tab=inbox|rooms (spec 2): my conversations by tab with unread counts, the
 * archive, search in my messages, and "New message" (also opened by ?to={userId} from other pages).
 */
export function InboxPage() {
  const me = useCurrentUser();
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: TInboxTab = isTab(tabParam) ? tabParam : 'inbox';
  const q = searchParams.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const composeTo = searchParams.get('to');
  const composeType = searchParams.get('type');
  const composeGroup = searchParams.get('group');
  const composeHub = searchParams.get('hub');
  const isBooking = searchParams.get('then') === 'meeting';
  const [isComposing, setIsComposing] = useState(false);
  const unread = useUnreadCount();
  const navigate = useNavigate();
  const address = params['address'] ?? me.data?.identifier ?? '';
  usePageTitle('Inbox');

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setSearchParams(next, { replace: true });
  };
  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim() });
  };
  const tabCount = (value: TInboxTab) => (value === 'archived' ? 0 : (unread.data?.tabs[value] ?? 0));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Inbox</Title>
        <Button onClick={() => setIsComposing(true)}>New message</Button>
      </Group>
      <form onSubmit={handleSearch} role="search" aria-label="Search my messages">
        <Group gap="xs" align="flex-end">
          <TextInput
            label="Search my messages"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default">
            Search
          </Button>
          {q !== '' ? (
            <Button
              variant="subtle"
              onClick={() => {
                setDraft('');
                update({ q: null });
              }}
            >
              Clear search
            </Button>
          ) : null}
        </Group>
      </form>
      {q !== '' ? (
        <InboxSearchResults q={q} address={address} />
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => update({ tab: value === 'inbox' ? null : value })}
          keepMounted={false}
        >
          <Tabs.List aria-label="Conversation lists">
            {TABS.map(({ value, label }) => (
              <Tabs.Tab
                key={value}
                value={value}
                // As tall as a tab with its unread badge (36 -> 40 px): the counts arrive after the list, and the
                // growing tabs moved the list down (Lighthouse CLS on the inbox).
                mih={40}
                rightSection={
                  tabCount(value) > 0 ? (
                    <Badge size="sm" color="blue.9">
                      {tabCount(value)}
                      <VisuallyHidden> unread</VisuallyHidden>
                    </Badge>
                  ) : null
                }
              >
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map(({ value }) => (
            <Tabs.Panel key={value} value={value} pt="md">
              <ThreadList tab={value} address={address} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      {/* Always mounted, so that closing it returns focus to "New message" (issue #16 item 17). */}
      <ComposeDialog
        recipientId={composeTo}
        address={address}
        isOpen={isComposing || composeTo !== null}
        onClose={() => {
          setIsComposing(false);
          if (composeTo !== null) update({ to: null, type: null, group: null, hub: null, then: null });
        }}
        start={
          composeTo === null
            ? undefined
            : {
                messageType: isMessageType(composeType) ? composeType : undefined,
                scope: {
                  ...(composeGroup === null ? {} : { groupId: composeGroup }),
                  ...(composeHub === null ? {} : { hubId: composeHub }),
                },
                // "Book a meeting" from a profile or card: the meeting request opens in the new conversation.
                onSent: isBooking
                  ? (threadId) => void navigate(paths.inboxThreadBooking(address, threadId))
                  : undefined,
              }
        }
      />
    </Stack>
  );
}
