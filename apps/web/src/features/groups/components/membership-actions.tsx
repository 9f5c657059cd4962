import type { TGroupDetail } from '@commons/contract';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { paths } from '../../../config/paths';
import { useJoinGroup, useLeaveGroup } from '../api/groups-api';
import { groupNoun, membershipAction } from '../membership-action';

/**
 * Join, request, register, accept, withdraw or leave (issue #6 Joining), as the group's abilities
 * allow. Leaving asks for confirmation first.
 */
export function MembershipActions({ group }: { group: TGroupDetail }) {
  const join = useJoinGroup(group.identifier);
  const leave = useLeaveGroup(group.identifier);
  const [isConfirming, confirm] = useDisclosure(false);
  const action = membershipAction(group);
  const noun = groupNoun(group.groupType);
  // Joining or leaving replaces the button that was used (and the dialog's trigger): once the new buttons
  // show, focus moves to the first of them instead of falling back to the page (issue #16 item 17).
  const actionsRef = useRef<HTMLDivElement>(null);
  const isRefocusPending = useRef(false);
  useEffect(() => {
    if (!isRefocusPending.current) return;
    isRefocusPending.current = false;
    actionsRef.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, [action.kind]);

  const handleJoin = () =>
    join.mutate(
      {},
      {
        onSuccess: (result) => {
          isRefocusPending.current = true;
          notifications.show({
            color: 'green',
            closeButtonProps: { 'aria-label': 'Hide notification' },
            message:
              result.status === 'approved'
                ? `Welcome to ${group.name}!`
                : `Your request to join ${group.name} was sent to its admins.`,
          });
        },
      },
    );
  const handleLeave = () =>
    leave.mutate(undefined, {
      onSuccess: () => {
        isRefocusPending.current = true;
        confirm.close();
        notifications.show({
          closeButtonProps: { 'aria-label': 'Hide notification' },
          message: action.kind === 'pending' ? 'Your request was withdrawn.' : `You left ${group.name}.`,
        });
      },
    });

  const joinError = <ErrorAlert error={join.error} />;

  let content;
  switch (action.kind) {
    case 'join':
      content = (
        <Button onClick={handleJoin} loading={join.isPending}>
          Join {noun}
        </Button>
      );
      break;
    case 'requestToJoin':
      content = (
        <Button onClick={handleJoin} loading={join.isPending}>
          Request to join
        </Button>
      );
      break;
    case 'acceptInvitation':
      content = (
        <Group gap="sm">
          <Button onClick={handleJoin} loading={join.isPending}>
            Accept invitation
          </Button>
          <Button variant="subtle" onClick={confirm.open}>
            Decline
          </Button>
        </Group>
      );
      break;
    case 'register':
    case 'continueRegistration':
      content = (
        <Button
          component={Link}
          to={paths.programOnboarding({
            program: group.identifier,
            continueRegistration: action.kind === 'continueRegistration',
          })}
        >
          {action.kind === 'register' ? 'Register' : 'Complete your registration'}
        </Button>
      );
      break;
    case 'registrationClosed':
      content = <Text fw={500}>{action.message}</Text>;
      break;
    case 'pending':
      content = (
        <Group gap="sm">
          <Badge color="gray.8" variant="outline" size="lg">
            Request pending
          </Badge>
          <Button variant="subtle" onClick={confirm.open}>
            Withdraw request
          </Button>
        </Group>
      );
      break;
    case 'member':
      content = (
        <Group gap="sm">
          <Badge
            color={group.membership?.status === 'admin' ? 'grape.9' : 'teal.9'}
            variant="outline"
            size="lg"
          >
            {group.membership?.status === 'admin' ? 'Admin' : 'Member'}
          </Badge>
          {group.can.leave ? (
            <Button variant="subtle" onClick={confirm.open}>
              Leave {noun}
            </Button>
          ) : null}
        </Group>
      );
      break;
    case 'rejected':
      content = <Text c="dimmed">Your request to join was not approved.</Text>;
      break;
    case 'inviteOnly':
      content = <Text c="dimmed">This {noun} is by invitation only.</Text>;
      break;
    default:
      content = null;
  }

  const confirmTitle =
    action.kind === 'pending'
      ? 'Withdraw your request?'
      : action.kind === 'acceptInvitation'
        ? 'Decline the invitation?'
        : `Leave ${group.name}?`;
  return (
    <Stack gap="xs" align="flex-start" ref={actionsRef}>
      {content}
      {joinError}
      <Modal opened={isConfirming} onClose={confirm.close} title={confirmTitle}>
        <Stack>
          <Text>
            {action.kind === 'member'
              ? `You will no longer see the ${noun}'s discussion, resources and events.`
              : 'You can ask again later.'}
          </Text>
          <ErrorAlert error={leave.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Cancel
            </Button>
            <Button color="red.9" onClick={handleLeave} loading={leave.isPending}>
              {action.kind === 'pending'
                ? 'Withdraw'
                : action.kind === 'acceptInvitation'
                  ? 'Decline'
                  : 'Leave'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
