import type { TCareerPathAlumnus, TCareerPath } from '@commons/contract';
import {
  Anchor,
  AspectRatio,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useCareerPath } from '../api/career-paths';
import { FavoriteButton } from '../components/favorite-button';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((part) => part !== '')
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** A labelled list of short terms (roles, skills, industries). */
function Terms(props: { title: string; values: string[] }) {
  if (props.values.length === 0) return null;
  return (
    <Stack gap={6}>
      <Title order={2} size="h5">
        {props.title}
      </Title>
      <Group gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {props.values.map((value) => (
          <Badge
            key={value}
            component="li"
            variant="light"
            color="gray"
            c="dark.6"
            tt="none"
            size="lg"
            radius="sm"
          >
            {value}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/** An alumnus who names the career path as their expertise, with a link to their profile. */
function AlumnusCard(props: { alumnus: TCareerPathAlumnus }) {
  const { alumnus } = props;
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={alumnus.photoUrl} alt="" radius="xl" aria-hidden="true">
          {initials(alumnus.fullName)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={paths.profile(alumnus.identifier)} fw={600}>
            {alumnus.fullName}
          </Anchor>
          {alumnus.headline === null ? null : (
            <Text size="sm" c="gray.7" lineClamp={2}>
              {alumnus.headline}
            </Text>
          )}
          <Text size="xs" c="gray.7">
            {alumnus.userTypeTitle ?? 'Alumni'} · {alumnus.careerPaths.join(', ')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function Details(props: { hubIdentifier: string; careerPath: TCareerPath; alumni: TCareerPathAlumnus[] }) {
  const { careerPath } = props;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Anchor component={Link} to={paths.hub.careerPaths(props.hubIdentifier)} size="sm">
          ← All career paths
        </Anchor>
        <Group justify="space-between" align="flex-start">
          <Title order={1}>{careerPath.title}</Title>
          <Group gap="sm">
            <FavoriteButton hubIdentifier={props.hubIdentifier} careerPath={careerPath} size="md" />
            {careerPath.can.edit ? (
              <Button
                variant="outline"
                component={Link}
                to={paths.hub.siteAdminCareerPaths(props.hubIdentifier, { edit: careerPath.id })}
              >
                Edit
              </Button>
            ) : null}
          </Group>
        </Group>
        {careerPath.isArchived ? (
          <Text c="red.9" size="sm">
            This career path is archived: members do not see it.
          </Text>
        ) : null}
        {careerPath.salaryText === null ? null : (
          <Text fw={600} c="teal.9">
            {careerPath.salaryText}
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="lg">
          <Text style={{ whiteSpace: 'pre-line' }}>{careerPath.description}</Text>
          {careerPath.videoUrl === null ? null : (
            <AspectRatio ratio={16 / 9}>
              <iframe
                src={careerPath.videoUrl}
                title={`Video: ${careerPath.title}`}
                allow="encrypted-media; picture-in-picture; fullscreen"
                allowFullScreen
                loading="lazy"
                style={{ border: 0 }}
              />
            </AspectRatio>
          )}
          {careerPath.education === '' ? null : (
            <Stack gap={6}>
              <Title order={2} size="h5">
                Education
              </Title>
              <Text size="sm">{careerPath.education}</Text>
            </Stack>
          )}
        </Stack>
        <Stack gap="lg">
          <Terms title="Typical roles" values={careerPath.typicalRoles} />
          <Terms title="Skills" values={careerPath.skills} />
          <Terms title="Related industries" values={careerPath.industries} />
          <Terms title="Job functions" values={careerPath.jobFunctions} />
        </Stack>
      </SimpleGrid>
      <Stack gap="sm" component="section" aria-labelledby="career-path-alumni">
        <Title order={2} size="h3" id="career-path-alumni">
          Alumni in this career
        </Title>
        {props.alumni.length === 0 ? (
          <Text c="gray.7">No alumni have named this career path as their expertise yet.</Text>
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {props.alumni.map((alumnus) => (
              <AlumnusCard key={alumnus.id} alumnus={alumnus} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}

/** {hubPath}/career-paths/{id}: one career path with its favourite button and the alumni recommended in it. */
export function CareerPathPage() {
  const { identifier = '', careerPathId = '' } = useParams();
  const query = useCareerPath(identifier, careerPathId);
  usePageTitle(query.data?.careerPath.title ?? 'Career path');
  let body: ReactNode;
  if (query.isPending) body = <LoadingState label="Loading the career path…" />;
  else if (query.isError)
    body =
      isApiError(query.error) && query.error.status === 404 ? (
        <EmptyState title="Career path not found">
          It may have been archived.{' '}
          <Anchor component={Link} to={paths.hub.careerPaths(identifier)}>
            See all career paths
          </Anchor>
          .
        </EmptyState>
      ) : (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      );
  else
    body = (
      <Details hubIdentifier={identifier} careerPath={query.data.careerPath} alumni={query.data.alumni} />
    );
  return <Stack gap="lg">{body}</Stack>;
}
