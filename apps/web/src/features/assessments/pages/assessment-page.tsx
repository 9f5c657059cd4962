import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AssessmentResultView } from '../../../components/assessment-result-view';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { assessmentPaths } from '../../../config/assessment-paths';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import { useAssessment, useLaunchAssessment } from '../api/assessments';

/** How long the page waits for results after the provider sent the member back before saying so. */
const RESULT_WAIT_MS = 30_000;

/**
 * {hubPath}/career-assessment/{assessmentSlug} (spec 2): the assessment, Start (a launch with a short-lived signed
 * token, then the provider's page), and my latest result. The provider sends the member back here with
 * ?completed=1; the page then waits for the results its webhook delivers.
 */
export function AssessmentPage() {
  const { identifier = '', assessmentSlug = '' } = useParams();
  const [params] = useSearchParams();
  const isBack = params.get('completed') === '1';
  const [hasWaitEnded, setHasWaitEnded] = useState(false);
  useEffect(() => {
    if (!isBack) return undefined;
    const timer = window.setTimeout(() => setHasWaitEnded(true), RESULT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [isBack]);
  const isWithinWait = !hasWaitEnded;
  const assessment = useAssessment(identifier, assessmentSlug, { isAwaitingResult: isBack && isWithinWait });
  const launch = useLaunchAssessment(identifier);
  const me = useCurrentUser();
  const timeZone = useViewerTimeZone();
  usePageTitle(assessment.data?.name ?? 'Career assessment');

  if (assessment.isPending) return <LoadingState label="Loading the assessment…" />;
  if (assessment.isError) {
    const isMissing = isApiError(assessment.error) && assessment.error.status === 404;
    return (
      <Stack gap="md">
        <ErrorState
          title={isMissing ? 'Assessment not found' : undefined}
          error={assessment.error}
          onRetry={isMissing ? undefined : () => void assessment.refetch()}
        />
        <Anchor component={Link} to={assessmentPaths.list(identifier)}>
          See all assessments
        </Anchor>
      </Stack>
    );
  }
  const { latestResult } = assessment.data;
  const isWaiting = isBack && latestResult === null && isWithinWait;
  const isLaunching = launch.isPending || launch.isSuccess;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={assessmentPaths.list(identifier)} size="sm">
        ← All assessments
      </Anchor>
      <Stack gap={4}>
        <Title order={1}>{assessment.data.name}</Title>
        {assessment.data.description === '' ? null : <Text>{assessment.data.description}</Text>}
      </Stack>
      {isBack && latestResult !== null ? (
        <Alert color="teal.9" variant="outline" title="Thanks for finishing" role="status">
          Your results are below and on your profile.
        </Alert>
      ) : null}
      {isWaiting ? <LoadingState label="Waiting for your results…" /> : null}
      {isBack && latestResult === null && !isWaiting ? (
        <Alert color="yellow" variant="outline" title="No results yet" role="status">
          Your results have not arrived yet. They appear here and on your profile once the assessment sends
          them.
        </Alert>
      ) : null}
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Text>
            {latestResult === null
              ? 'The assessment opens on its own site with your name and community, and brings you back here when you finish.'
              : 'Take it again at any time: your newest result replaces this one on your profile.'}
          </Text>
          <Group>
            <Button onClick={() => launch.mutate(assessmentSlug)} loading={isLaunching}>
              {latestResult === null ? 'Start the assessment' : 'Take it again'}
            </Button>
          </Group>
          <ErrorAlert error={launch.error} />
        </Stack>
      </Paper>
      {latestResult === null ? null : (
        <Paper component="section" aria-labelledby="assessment-result-heading" withBorder p="lg" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h3" id="assessment-result-heading">
              Your results
            </Title>
            <AssessmentResultView result={latestResult} timeZone={timeZone} />
            {me.data === undefined ? null : (
              <Anchor component={Link} to={paths.profile(me.data.identifier)}>
                See them on your profile
              </Anchor>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
