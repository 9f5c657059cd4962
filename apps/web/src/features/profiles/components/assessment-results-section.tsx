import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AssessmentResultView } from '../../../components/assessment-result-view';
import { ErrorAlert } from '../../../components/error-alert';
import { webPaths } from '@commons/contract';
import { isApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { findMembership, mayOpenAnyHub } from '../../../lib/hub-membership';
import { useAssessmentResults } from '../api/get-assessment-results';

/**
 * The career assessment results on a profile (issue #20 item 4): the latest result of each of the hub's
 * assessments, for the member and the hub's admins (404 for anyone else: the section is left out). Left out too
 * when there is none, except for the owner on a hub they can take one in.
 */
export function AssessmentResultsSection(props: {
  userId: string;
  hubId?: string;
  isOwner: boolean;
  timeZone: string;
}) {
  const me = useCurrentUser().data;
  const rights = me && props.hubId ? (findMembership(me, props.hubId)?.accessRights ?? []) : [];
  // Only those the server answers (the member, admins who explore users or manage career paths): nobody else
  // asks, so a visitor's profile page sends no request that is refused.
  const mayRead =
    props.isOwner ||
    (me !== undefined &&
      (mayOpenAnyHub(me) || rights.includes('explore-users') || rights.includes('manage-career-paths')));
  const results = useAssessmentResults(props.userId, props.hubId, mayRead);
  if (!mayRead || results.isPending) return null;
  if (results.isError && isApiError(results.error) && [400, 403, 404].includes(results.error.status))
    return null;
  const items = results.data?.items ?? [];
  if (!results.isError && items.length === 0 && !props.isOwner) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="profile-assessments-heading"
      withBorder
      p="lg"
      radius="md"
      id="profile-assessments"
    >
      <Title order={2} size="h3" id="profile-assessments-heading" mb="sm">
        Career assessment
      </Title>
      {results.isError ? (
        <ErrorAlert error={results.error} />
      ) : items.length === 0 ? (
        <Text c="dark.6">
          No results yet.{' '}
          {props.hubId === undefined ? null : (
            <Anchor component={Link} to={webPaths.hub.careerAssessments(props.hubId)}>
              Take the career assessment
            </Anchor>
          )}
        </Text>
      ) : (
        <Stack gap="lg">
          {items.map((result) => (
            <Stack
              key={result.id}
              gap="xs"
              component="article"
              aria-labelledby={`assessment-result-${result.id}`}
            >
              <Title order={3} size="h4" id={`assessment-result-${result.id}`}>
                {result.assessmentName}
              </Title>
              <AssessmentResultView result={result} timeZone={props.timeZone} />
              {props.isOwner && props.hubId !== undefined ? (
                <Anchor
                  component={Link}
                  to={webPaths.hub.careerAssessment(props.hubId, result.assessmentSlug)}
                  size="sm"
                >
                  Take {result.assessmentName} again
                </Anchor>
              ) : null}
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
