import { CUSTOM_PROJECT_TEMPLATE_ID, HUB_ENDPOINTS, type TJobPost } from '@commons/contract';
import { DEFAULT_PROJECTS_TAB_NAME } from '@commons/domain';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { jobPaths } from '../../../config/job-paths';
import { callEndpoint } from '../../../lib/api-client';
import { useJobSettings } from '../api/job-board';
import { useJobStandardOptions, useProjectTemplates } from '../api/job-posts';
import { JobForm } from '../components/job-form';
import { TemplatePicker } from '../components/template-picker';
import { emptyJobValues, projectValuesFrom } from '../job-form-values';

/** GET /api/hub: the hub's member types, for the audience (the same cache entry the app shell reads). */
function useHubUserTypes(hubIdentifier: string) {
  return useQuery({
    queryKey: ['hub', hubIdentifier],
    queryFn: ({ signal }) =>
      callEndpoint(HUB_ENDPOINTS.current, { hubId: hubIdentifier, signal }).then((body) => body.hub),
    staleTime: 5 * 60_000,
    select: (hub) => hub.userTypes,
  });
}

/**
 * /hub/{id}/job/post, and ?type=project (issue #19 items 1-2): post a job, or a project from a
 * template (the eleven defaults, Legal Advising, Customer Service) or a custom one, for members whose user
 * type may post (canPostJob; any member for projects when the hub has DIY projects). An employer's post waits
 * for a hub admin's approval, which its page then says.
 */
export function PostJobPage() {
  const { identifier = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const templateId = params.get('template');
  const isProject = params.get('type') === 'project';
  const settings = useJobSettings(identifier);
  const templates = useProjectTemplates(identifier);
  const options = useJobStandardOptions(identifier);
  const userTypes = useHubUserTypes(identifier);
  const projectsName = settings.data?.settings.projectsTabName ?? DEFAULT_PROJECTS_TAB_NAME;
  const title = isProject ? 'Post a project' : 'Post a job';
  usePageTitle(title);

  const boardLink = (
    <Anchor component={Link} to={jobPaths.board(identifier)} size="sm">
      Back to the job board
    </Anchor>
  );
  const heading = (
    <Stack gap="xs">
      {boardLink}
      <Title order={1}>{title}</Title>
    </Stack>
  );

  const queries = [settings, templates, options, userTypes];
  const failed = queries.find((query) => query.isError);
  if (failed !== undefined)
    return (
      <Stack gap="lg">
        {heading}
        <ErrorState error={failed.error} onRetry={() => queries.forEach((query) => void query.refetch())} />
      </Stack>
    );
  const board = settings.data;
  const templateList = templates.data;
  const standard = options.data;
  const types = userTypes.data;
  if (board === undefined || templateList === undefined || standard === undefined || types === undefined)
    return (
      <Stack gap="lg">
        {heading}
        <LoadingState />
      </Stack>
    );

  const mayPost = isProject ? board.can.postProject : board.can.postJob;
  const isShown = isProject ? board.settings.areProjectsShown : board.settings.areJobsShown;
  if (!mayPost || !isShown)
    return (
      <Stack gap="lg">
        {heading}
        <EmptyState title={isProject ? 'You cannot post projects here' : 'You cannot post jobs here'}>
          {!isShown
            ? `This hub does not show ${isProject ? projectsName.toLowerCase() : 'jobs'} on its board.`
            : 'Your member type cannot post in this community. Contact an admin for access.'}
        </EmptyState>
      </Stack>
    );

  const { defaults, items } = templateList;
  const formDefaults = {
    startDate: defaults.startDate,
    dueDate: defaults.dueDate,
    expiresOn: defaults.expiresOn,
  };
  const handleCreated = (post: TJobPost) => {
    notifications.show({
      color: 'green',
      message:
        post.approvalStatus === 'pending'
          ? `“${post.title}” is awaiting approval by a hub admin.`
          : `“${post.title}” is on the board.`,
    });
    void navigate(jobPaths.detail(identifier, post.id, { isProject: post.jobFlow === 'project' }));
  };
  const handleCancel = () => void navigate(jobPaths.board(identifier));

  if (isProject && templateId === null)
    return (
      <Stack gap="lg">
        {heading}
        <Text>
          Choose a template to start from: it fills the project’s description, requirements and duration.
        </Text>
        <TemplatePicker templates={items} onChoose={(id) => setParams({ type: 'project', template: id })} />
      </Stack>
    );

  const chosen = isProject ? (items.find((t) => t.id === templateId) ?? null) : null;
  // The custom option is a blank project: nothing of it fills the form.
  const template = chosen === null || chosen.isCustom ? null : chosen;
  const initialValues = isProject
    ? projectValuesFrom({
        template,
        defaults: formDefaults,
        industryKeys: standard.industries.map((o) => o.value),
        jobFunctionKeys: standard.jobFunctions.map((o) => o.value),
      })
    : emptyJobValues(formDefaults);

  return (
    <Stack gap="lg">
      {heading}
      {isProject ? (
        <Group gap="sm">
          <Text>
            Template:{' '}
            <Text span fw={600}>
              {template?.role ?? 'Custom project'}
            </Text>
          </Text>
          <Button variant="subtle" size="xs" onClick={() => setParams({ type: 'project' })}>
            Choose another template
          </Button>
        </Group>
      ) : null}
      <JobForm
        key={`${isProject ? 'project' : 'job'}-${templateId ?? CUSTOM_PROJECT_TEMPLATE_ID}`}
        hubIdentifier={identifier}
        initialValues={initialValues}
        industries={standard.industries}
        jobFunctions={standard.jobFunctions}
        userTypes={types}
        onCreated={handleCreated}
        onCancel={handleCancel}
      />
    </Stack>
  );
}
