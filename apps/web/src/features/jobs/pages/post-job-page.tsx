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
import { isApiError } from '../../../lib/api-error';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import { useJobSettings } from '../api/job-board';
import { useJobPost, useJobStandardOptions, useProjectTemplates } from '../api/job-posts';
import { JobForm } from '../components/job-form';
import { TemplatePicker } from '../components/template-picker';
import { emptyJobValues, jobValuesFromPost, projectValuesFrom } from '../job-form-values';

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
 * for a hub admin's approval, which its page then says. ?edit={postId} edits a post in the same form (its
 * owner, or an admin who may manage it: the post's can.edit).
 */
export function PostJobPage() {
  const { identifier = '' } = useParams();
  const [params] = useSearchParams();
  const editId = params.get('edit');
  return editId === null ? (
    <NewJobPost identifier={identifier} />
  ) : (
    <EditJobPost key={editId} identifier={identifier} postId={editId} />
  );
}

/** The edit form of a post, prefilled from it; saving returns to the post's page. */
function EditJobPost(props: { identifier: string; postId: string }) {
  const { identifier, postId } = props;
  const navigate = useNavigate();
  const timeZone = useViewerTimeZone();
  const post = useJobPost(identifier, postId);
  const options = useJobStandardOptions(identifier);
  const userTypes = useHubUserTypes(identifier);
  const job = post.data;
  const isProject = job?.jobFlow === 'project';
  const title = isProject ? 'Edit project' : 'Edit job';
  usePageTitle(title);
  const detailPath = jobPaths.detail(identifier, postId, { isProject });

  const heading = (
    <Stack gap="xs">
      <Anchor component={Link} to={detailPath} size="sm">
        Back to the post
      </Anchor>
      <Title order={1}>{title}</Title>
    </Stack>
  );
  if (post.isError && isApiError(post.error) && (post.error.status === 404 || post.error.status === 403))
    return (
      <Stack gap="lg">
        {heading}
        <EmptyState title="This post is not available">
          It may have been removed, or it is not yours.
        </EmptyState>
      </Stack>
    );
  const queries = [post, options, userTypes];
  const failed = queries.find((query) => query.isError);
  if (failed !== undefined)
    return (
      <Stack gap="lg">
        {heading}
        <ErrorState error={failed.error} onRetry={() => queries.forEach((query) => void query.refetch())} />
      </Stack>
    );
  const standard = options.data;
  const types = userTypes.data;
  if (job === undefined || standard === undefined || types === undefined)
    return (
      <Stack gap="lg">
        {heading}
        <LoadingState />
      </Stack>
    );
  if (!job.can.edit)
    return (
      <Stack gap="lg">
        {heading}
        <EmptyState title="You cannot edit this post">
          {job.closedAt !== null
            ? 'This post is closed.'
            : 'Only the owner of this post or an admin can change it.'}
        </EmptyState>
      </Stack>
    );

  const handleSaved = (saved: TJobPost) => {
    notifications.show({ color: 'green', message: `Your changes to “${saved.title}” are saved.` });
    void navigate(detailPath);
  };
  return (
    <Stack gap="lg">
      {heading}
      <JobForm
        hubIdentifier={identifier}
        postId={job.id}
        initialValues={jobValuesFromPost(job, timeZone)}
        industries={standard.industries}
        jobFunctions={standard.jobFunctions}
        userTypes={types}
        onSaved={handleSaved}
        onCancel={() => void navigate(detailPath)}
      />
    </Stack>
  );
}

/** The form of a new job or project. */
function NewJobPost(props: { identifier: string }) {
  const { identifier } = props;
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
        onSaved={handleCreated}
        onCancel={handleCancel}
      />
    </Stack>
  );
}
