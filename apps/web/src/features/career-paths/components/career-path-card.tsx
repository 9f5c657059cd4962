import type { TCareerPath } from '@commons/contract';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { FavoriteButton } from './favorite-button';

/** One career path in the browse list: its title (a link to its page), salary, roles and the favourite button. */
export function CareerPathCard(props: { hubIdentifier: string; careerPath: TCareerPath }) {
  const { careerPath } = props;
  return (
    <Paper
      component="article"
      aria-labelledby={`career-path-${careerPath.id}`}
      withBorder
      p="md"
      radius="md"
      h="100%"
    >
      <Stack gap="xs" h="100%">
        <Title order={2} size="h4" id={`career-path-${careerPath.id}`}>
          <Anchor component={Link} to={paths.hub.careerPath(props.hubIdentifier, careerPath.id)} inherit>
            {careerPath.title}
          </Anchor>
        </Title>
        {careerPath.salaryText === null ? null : (
          <Text size="sm" fw={600} c="teal.9">
            {careerPath.salaryText}
          </Text>
        )}
        <Text size="sm" lineClamp={3} c="gray.8">
          {careerPath.description}
        </Text>
        {careerPath.typicalRoles.length === 0 ? null : (
          <Text size="sm" c="gray.7">
            <Text span fw={600} inherit>
              Roles:
            </Text>{' '}
            {careerPath.typicalRoles.slice(0, 3).join(', ')}
          </Text>
        )}
        <Group mt="auto" pt="xs">
          <FavoriteButton hubIdentifier={props.hubIdentifier} careerPath={careerPath} />
        </Group>
      </Stack>
    </Paper>
  );
}
