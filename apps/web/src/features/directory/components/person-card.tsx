import type { TDirectoryPerson } from '@commons/contract';
import { isProfilePhotoPresent } from '@commons/domain';
import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ContactActions } from '../../../components/contact-actions';
import { paths } from '../../../config/paths';

function initialsOf(fullName: string): string {
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** One person of the directory, linking to their profile, with Message and the other ways to contact them. */
export function PersonCard({ person, hubIdentifier }: { person: TDirectoryPerson; hubIdentifier: string }) {
  const hasPhoto = isProfilePhotoPresent({ photoUrl: person.photoUrl });
  const details = [
    person.companies.slice(0, 2).join(', '),
    person.schools.slice(0, 1).join(''),
    person.location ?? '',
  ]
    .filter((part) => part !== '')
    .join(' · ');
  return (
    <Paper withBorder p="md" radius="md" component="article">
      <Group align="flex-start" wrap="nowrap">
        <Avatar src={hasPhoto ? person.photoUrl : null} alt="" size="lg" radius="xl" color="indigo">
          {initialsOf(person.fullName)}
        </Avatar>
        <Stack gap={2}>
          <Anchor component={Link} to={paths.profile(person.identifier, { hubId: hubIdentifier })} fw={600}>
            {person.fullName}
          </Anchor>
          {person.userType === null ? null : (
            <Text size="sm" c="dimmed">
              {person.userType.title}
            </Text>
          )}
          {person.headline === null ? null : <Text size="sm">{person.headline}</Text>}
          {details === '' ? null : (
            <Text size="sm" c="dimmed">
              {details}
            </Text>
          )}
          <ContactActions
            person={{ id: person.id, fullName: person.fullName }}
            scope={{ hubId: hubIdentifier }}
            variant="compact"
          />
        </Stack>
      </Group>
    </Paper>
  );
}
