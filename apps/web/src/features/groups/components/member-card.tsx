import type { TGroupMember, TRoleLabels } from '@commons/contract';
import { isProfilePhotoPresent } from '@commons/domain';
import { Anchor, Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

function initialsOf(fullName: string): string {
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** The member's role as the program names it. */
export function roleText(role: TGroupMember['role'], labels: TRoleLabels): string | null {
  if (role === 'mentor') return labels.mentor;
  if (role === 'mentee') return labels.mentee;
  if (role === 'both') return `${labels.mentor} and ${labels.mentee}`;
  return null;
}

/** One member of a group, linking to their profile; `actions` for admin or mentoring buttons. */
export function MemberCard(props: {
  member: TGroupMember;
  labels: TRoleLabels;
  hubId: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { member } = props;
  const role = roleText(member.role, props.labels);
  return (
    <Paper withBorder p="md" radius="md" component="article">
      <Group align="flex-start" wrap="nowrap" justify="space-between">
        <Group align="flex-start" wrap="nowrap">
          <Avatar
            src={isProfilePhotoPresent({ photoUrl: member.user.photoUrl }) ? member.user.photoUrl : null}
            alt=""
            size="lg"
            radius="xl"
            color="indigo"
          >
            {initialsOf(member.user.fullName)}
          </Avatar>
          <Stack gap={2}>
            <Anchor
              component={Link}
              to={paths.profile(member.user.identifier, { hubId: props.hubId })}
              fw={600}
            >
              {member.user.fullName}
            </Anchor>
            {member.user.headline === null ? null : <Text size="sm">{member.user.headline}</Text>}
            <Group gap={4}>
              {role === null ? null : (
                <Badge variant="outline" color="indigo.8">
                  {role}
                </Badge>
              )}
              {member.isAdmin ? (
                <Badge variant="outline" color="grape.9">
                  {member.isViewOnlyAdmin ? 'View-only admin' : 'Admin'}
                </Badge>
              ) : null}
            </Group>
            {props.children}
          </Stack>
        </Group>
        {props.actions}
      </Group>
    </Paper>
  );
}
