import type { TComposeMessageType, TMeetingOption } from '@commons/contract';
import { Box, Button, Group, List, Menu, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useContactOptions, type TContactScope } from '../lib/contact-options';
import { useCurrentUser } from '../lib/current-user';
import { ReportDialog } from './report-button';

/** The member the actions are about. */
export type TContactPerson = { id: string; fullName: string };

/** One thing the viewer may do towards the member: a page to open, or the spec's reason why not now. */
type TContactAction = { key: string; label: string; href: string | null; unavailableReason: string | null };

/** What a request type's button says: the hub's headline for it (spec 3 headlineText), else its name. */
function requestLabel(option: TComposeMessageType): string {
  return option.headlineText.trim() === '' ? `Request ${option.label.toLowerCase()}` : option.headlineText;
}

/** Where booking goes: the meeting request of an open conversation, or a new conversation that opens it once sent. */
function bookingHref(
  meeting: TMeetingOption,
  options: { address: string; userId: string; scope: TContactScope },
): string | null {
  if (meeting.unavailableReason !== null) return null;
  if (meeting.threadId !== null) return paths.inboxThreadBooking(options.address, meeting.threadId);
  if (meeting.messageType === null) return null;
  return paths.inboxCompose(options.userId, {
    messageType: meeting.messageType,
    ...composeScope(options.scope),
    isBooking: true,
  });
}

function composeScope(scope: TContactScope): { groupId?: string; hubId?: string } {
  return {
    ...(scope.groupId === undefined ? {} : { groupId: scope.groupId }),
    ...(scope.hubId === undefined ? {} : { hubId: scope.hubId }),
  };
}

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/**
 * Message, the requests the hub offers (long-term mentorship, a quick chat…), Book a meeting and Report for
 * one member (issue #16 item 2). The server decides what spec 6 allows for this pair (GET
 * /api/inbox/contact-options, the rules compose uses): only those are offered, and one the limits or the
 * member's availability block right now stays visible with the spec's message. Message and the requests open
 * the inbox's New message prefilled with the member and the type; Book a meeting opens the meeting request (in
 * an open conversation, or once a new one is sent); Report opens the report form. Nothing shows on oneself.
 *
 * `full` lays every action out as a button (profile header); `compact` keeps Message and puts the rest in a
 * menu (cards in lists).
 */
export function ContactActions({
  person,
  scope = {},
  variant = 'full',
}: {
  person: TContactPerson;
  scope?: TContactScope;
  variant?: 'full' | 'compact';
}) {
  const me = useCurrentUser();
  const isSelf = me.data?.id === person.id;
  const contact = useContactOptions(person.id, scope, me.data !== undefined && !isSelf);
  const [isReporting, setIsReporting] = useState(false);
  if (isSelf || contact.isError) return null;
  // While the options load, a row of the buttons' height holds their place (no layout shift, issue #17).
  if (me.data === undefined || contact.data === undefined)
    return <Box h={variant === 'compact' ? 30 : 36} aria-hidden="true" />;
  const address = me.data.identifier;
  const options = contact.data.options;

  const composeHref = (option: TComposeMessageType) =>
    option.unavailableReason === null
      ? paths.inboxCompose(person.id, { messageType: option.type, ...composeScope(scope) })
      : null;
  const types = options?.messageTypes ?? [];
  const message = types.find((o) => o.type === 'message');
  const messageAction: TContactAction | null = message
    ? {
        key: 'message',
        label: 'Message',
        href: composeHref(message),
        unavailableReason: message.unavailableReason,
      }
    : null;
  const requestActions: TContactAction[] = types
    .filter((o) => o.type !== 'message')
    .map((o) => ({
      key: o.type,
      label: requestLabel(o),
      href: composeHref(o),
      unavailableReason: o.unavailableReason,
    }));
  const meeting = options?.meeting ?? null;
  const meetingAction: TContactAction | null =
    meeting === null
      ? null
      : {
          key: 'meeting',
          label: 'Book a meeting',
          href: bookingHref(meeting, { address, userId: person.id, scope }),
          unavailableReason: meeting.unavailableReason,
        };
  const offered = [
    ...(messageAction ? [messageAction] : []),
    ...requestActions,
    ...(meetingAction ? [meetingAction] : []),
  ];
  const reportDialog = isReporting ? (
    <ReportDialog
      targetKind="profile"
      targetId={person.id}
      hubId={scope.hubId}
      isOpen
      onClose={() => setIsReporting(false)}
    />
  ) : null;

  if (variant === 'compact') {
    const primary = messageAction?.href ? messageAction : null;
    const more = offered.filter((action) => action !== primary);
    return (
      <Group gap="xs" wrap="nowrap">
        {primary?.href ? (
          <Button size="xs" component={Link} to={primary.href} aria-label={`Message ${person.fullName}`}>
            Message
          </Button>
        ) : null}
        <Menu
          position="bottom-end"
          shadow="md"
          width={280}
          transitionProps={{ duration: 0 }}
          // Its focus placeholder is a div inside role="menu", which axe refuses (aria-required-children).
          withInitialFocusPlaceholder={false}
        >
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              rightSection={<Chevron />}
              aria-label={`More ways to contact ${person.fullName}`}
            >
              More
            </Button>
          </Menu.Target>
          <Menu.Dropdown aria-label={`Contact ${person.fullName}`}>
            {more.map((action) =>
              action.href === null ? (
                <Menu.Item key={action.key} disabled>
                  {action.label}
                  <Text component="span" display="block" size="xs" c="gray.8">
                    {action.unavailableReason}
                  </Text>
                </Menu.Item>
              ) : (
                <Menu.Item key={action.key} component={Link} to={action.href}>
                  {action.label}
                </Menu.Item>
              ),
            )}
            <Menu.Item onClick={() => setIsReporting(true)}>Report</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {reportDialog}
      </Group>
    );
  }

  const blocked = offered.filter((action) => action.href === null && action.unavailableReason !== null);
  const reasonsId = `contact-reasons-${person.id}`;
  return (
    <Stack gap="xs">
      {contact.data.unavailableReason === null ? null : (
        <Text size="sm" c="gray.8">
          {contact.data.unavailableReason}
        </Text>
      )}
      <Group gap="xs" role="group" aria-label={`Contact ${person.fullName}`}>
        {offered.map((action) =>
          action.href === null ? (
            <Button key={action.key} variant="light" disabled aria-describedby={reasonsId}>
              {action.label}
            </Button>
          ) : (
            <Button
              key={action.key}
              component={Link}
              to={action.href}
              variant={action.key === 'message' ? 'filled' : 'light'}
            >
              {action.label}
            </Button>
          ),
        )}
        <Button variant="subtle" onClick={() => setIsReporting(true)}>
          Report
        </Button>
      </Group>
      {blocked.length === 0 ? null : (
        <List id={reasonsId} size="sm" c="gray.8">
          {blocked.map((action) => (
            <List.Item key={action.key}>
              {action.label}: {action.unavailableReason}
            </List.Item>
          ))}
        </List>
      )}
      {reportDialog}
    </Stack>
  );
}
