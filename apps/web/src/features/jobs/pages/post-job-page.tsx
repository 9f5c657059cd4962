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
import { paths } from '../../../config/paths';
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
 * /hub/{id}/job/post and /hub/{id}/projects/post (issue #19 items 1-2): post a job, or a project from a
 * template (the eleven defaults, Legal Advising, Customer Service) or a custom one, for members whose user
 * type may post (canPostJob; any member for projects when the hub has DIY projects). An employer's post waits
 * for a hub admin's approval, which its page then says.
 */
export function PostJobPage(props: { isProject: boolean }) {
  const { identifier = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const templateId = params.get('template');
  const settings = useJobSettings(identifier);
  const templates = useProjectTemplates(identifier);
  const options = useJobStandardOptions(identifier);
  const userTypes = useHubUserTypes(identifier);
  const projectsName = settings.data?.settings.projectsTabName ?? DEFAULT_PROJECTS_TAB_NAME;
  const title = props.isProject ? 'Post a project' : 'Post a job';
  usePageTitle(title);

  const boardLink = (
    <Anchor component={Link} to={paths.hub.jobs(identifier)} size="sm">
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

  const mayPost = props.isProject ? board.can.postProject : board.can.postJob;
  const isShown = props.isProject ? board.settings.areProjectsShown : board.settings.areJobsShown;
  if (!mayPost || !isShown)
    return (
      <Stack gap="lg">
        {heading}
        <EmptyState title={props.isProject ? 'You cannot post projects here' : 'You cannot post jobs here'}>
          {!isShown
            ? `This hub does not show ${props.isProject ? projectsName.toLowerCase() : 'jobs'} on its board.`
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
    void navigate(paths.hub.jobDetail(identifier, post.id, { isProject: post.jobFlow === 'project' }));
  };
  const handleCancel = () => void navigate(paths.hub.jobs(identifier));

  if (props.isProject && templateId === null)
    return (
      <Stack gap="lg">
        {heading}
        <Text>
          Choose a template to start from: it fills the project’s description, requirements and duration.
        </Text>
        <TemplatePicker templates={items} onChoose={(id) => setParams({ template: id })} />
      </Stack>
    );

  const template = props.isProject ? (items.find((t) => t.id === templateId) ?? null) : null;
  const initialValues = props.isProject
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
      {props.isProject ? (
        <Group gap="sm">
          <Text>
            Template:{' '}
            <Text span fw={600}>
              {template?.role ?? 'Custom project'}
            </Text>
          </Text>
          <Button variant="subtle" size="xs" onClick={() => setParams({})}>
            Choose another template
          </Button>
        </Group>
      ) : null}
      <JobForm
        key={templateId ?? CUSTOM_PROJECT_TEMPLATE_ID}
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

/** /hub/{id}/job/post. */
export function PostJobRoute() {
  return <PostJobPage isProject={false} />;
}

/** /hub/{id}/projects/post. */
export function PostProjectRoute() {
  return <PostJobPage isProject />;
}
