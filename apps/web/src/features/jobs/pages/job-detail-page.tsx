import type { TJobPost } from '@commons/contract';
import { APPLY_DENIAL_MESSAGES } from '@commons/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { RichTextView } from '../../../components/rich-text-editor';
import { usePageTitle } from '../../../components/use-page-title';
import { jobPaths } from '../../../config/job-paths';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { formatCalendarDay, formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { useMyApplicationFor } from '../api/job-applications';
import { useCloseJobPost, useDecideJobPost, useJobPost } from '../api/job-posts';
import { ApplicantList } from '../components/applicant-list';
import { ApplyModal } from '../components/apply-modal';
import { JobIcon } from '../../../components/job-post/job-icon';
import { JobTags } from '../../../components/job-post/job-tags';
import { MoveDialog } from '../components/move-dialog';
import { MyApplicationPanel } from '../components/my-application-panel';
import { SaveJobButton } from '../../../components/job-post/save-job-button';
import {
  durationText,
  postFacts,
  postStandingLabel,
  projectStatusLabel,
} from '../../../components/job-post/job-labels';
import layout from './job-layout.module.css';

/** Where "Back" leads: the page the viewer came from (the board with its search kept), else the board. */
function useBackTarget(hubIdentifier: string): { to: string; label: string } {
  const location = useLocation();
  const state = location.state as { from?: unknown } | null;
  return typeof state?.from === 'string'
    ? { to: state.from, label: 'Back' }
    : { to: jobPaths.board(hubIdentifier), label: 'Job board' };
}

function Fact(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {props.label}
      </Text>
      <Text component="dd" m={0}>
        {props.children}
      </Text>
    </div>
  );
}

/** The owner's and admins' controls: approve or reject a pending post, edit a post not closed, close an open one. */
function OwnerControls(props: { hubIdentifier: string; post: TJobPost }) {
  const { post } = props;
  const decide = useDecideJobPost(props.hubIdentifier);
  const close = useCloseJobPost(props.hubIdentifier);
  const [isRejecting, setIsRejecting] = useState(false);
  const [isClosing, setIsClosing] = useState(false);
  const isOpen = post.closedAt === null && !post.isExpired;
  if (
    !(post.can.approve && post.approvalStatus === 'pending') &&
    !post.can.edit &&
    !(post.can.close && isOpen)
  )
    return null;
  return (
    <Group gap="xs">
      {post.can.approve && post.approvalStatus === 'pending' ? (
        <>
          <Button
            loading={decide.isPending && decide.variables.decision === 'approve'}
            onClick={() =>
              decide.mutate(
                { id: post.id, decision: 'approve' },
                {
                  onSuccess: () =>
                    notifications.show({ color: 'green', message: `“${post.title}” is approved.` }),
                },
              )
            }
          >
            Approve
          </Button>
          <Button variant="outline" color="red.9" onClick={() => setIsRejecting(true)}>
            Reject
          </Button>
        </>
      ) : null}
      {post.can.edit ? (
        <Button component={Link} to={jobPaths.edit(props.hubIdentifier, post.id)} variant="default">
          Edit
        </Button>
      ) : null}
      {post.can.close && isOpen ? (
        <Button variant="default" onClick={() => setIsClosing(true)}>
          Close post
        </Button>
      ) : null}
      {isRejecting ? (
        <MoveDialog
          opened
          title={`Reject “${post.title}”?`}
          explanation="The poster is told; the post does not show on the board."
          fieldLabel="Reason (optional)"
          maxLength={300}
          confirmLabel="Reject"
          isDanger
          isPending={decide.isPending}
          error={decide.error}
          onClose={() => setIsRejecting(false)}
          onConfirm={(reason) =>
            decide.mutate(
              { id: post.id, decision: 'reject', reason },
              { onSuccess: () => setIsRejecting(false) },
            )
          }
        />
      ) : null}
      {isClosing ? (
        <MoveDialog
          opened
          title={`Close “${post.title}”?`}
          explanation="It leaves the board and takes no more applications. Hired applicants keep working."
          confirmLabel="Close post"
          isPending={close.isPending}
          error={close.error}
          onClose={() => setIsClosing(false)}
          onConfirm={() => close.mutate(post.id, { onSuccess: () => setIsClosing(false) })}
        />
      ) : null}
    </Group>
  );
}

/** How a member applies: inside Commons, on the employer's site, or why they cannot. */
function ApplyArea(props: { hubIdentifier: string; post: TJobPost; onApply: () => void }) {
  const { post } = props;
  const isOpen = post.approvalStatus === 'approved' && post.closedAt === null && !post.isExpired;
  if (post.hasApplied) return null;
  if (!isOpen) return <Text c="dimmed">{APPLY_DENIAL_MESSAGES.notOpen}</Text>;
  if (post.applicationMethod === 'external' && post.externalUrl !== null)
    return (
      <Button
        component="a"
        href={post.externalUrl}
        target="_blank"
        rel="noopener noreferrer"
        rightSection={<IconExternalLink size={16} aria-hidden="true" />}
      >
        Apply on the employer’s site
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </Button>
    );
  if (post.can.apply) return <Button onClick={props.onApply}>Apply</Button>;
  return null;
}

/**
 * /hub/{id}/job/detail/{jobId} and /hub/{id}/projects/detail/{jobId} (spec 2; issue #19 items 1-3): a post
 * with its description and requirements, Save and Apply (a note and a resume, or the employer's site); the
 * applicant's own application with the submit-work form once hired on a project; for the owner and admins the
 * applicant list with shortlist, hire, reject and the review of the work, and approve, reject and close.
 */
export function JobDetailPage() {
  const { identifier = '', jobId = '' } = useParams();
  const post = useJobPost(identifier, jobId);
  const timeZone = useViewerTimeZone();
  const backTarget = useBackTarget(identifier);
  const [isApplying, setIsApplying] = useState(false);
  const data = post.data;
  const myApplication = useMyApplicationFor(
    identifier,
    { id: jobId, jobFlow: data?.jobFlow ?? 'job' },
    data?.hasApplied === true,
  );
  usePageTitle(data?.title ?? 'Job');

  const back = (
    <Anchor component={Link} to={backTarget.to} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden="true" />
        {backTarget.label}
      </Group>
    </Anchor>
  );

  if (post.isPending) return <LoadingState label="Loading the post…" />;
  if (post.isError) {
    const isMissing = isApiError(post.error) && (post.error.status === 404 || post.error.status === 403);
    return (
      <Stack gap="lg">
        {back}
        <Title order={1}>{isMissing ? 'This post is not available' : 'Job'}</Title>
        {isMissing ? (
          <EmptyState title="It may have been closed, or it is not open to you">
            Look for other jobs and projects on the board.
          </EmptyState>
        ) : (
          <ErrorState error={post.error} onRetry={() => void post.refetch()} />
        )}
      </Stack>
    );
  }

  const job = post.data;
  const isProject = job.jobFlow === 'project';
  const standing = postStandingLabel(job);
  const status = job.can.viewApplications ? projectStatusLabel(job) : null;
  const duration = durationText(job.duration, job.durationUnit);

  return (
    <Stack gap="lg">
      {back}
      <div className={layout.detail}>
        <div>
          <Stack gap="lg">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <JobIcon icon={job.icon} isProject={isProject} size={56} />
              <Stack gap={4} miw={0}>
                <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                  {job.title}
                </Title>
                {job.organisation === '' ? null : <Text fw={500}>{job.organisation}</Text>}
                <Text c="dimmed">{postFacts(job).join(' · ')}</Text>
              </Stack>
            </Group>
            {standing !== null || status !== null ? (
              <Group gap={6}>
                {standing === null ? null : (
                  <Badge variant="light" color="yellow" c="dark.8" tt="none" size="lg">
                    {standing}
                  </Badge>
                )}
                {status === null ? null : (
                  <Badge variant="light" color="indigo" c="indigo.9" tt="none" size="lg">
                    {status}
                  </Badge>
                )}
              </Group>
            ) : null}
            {job.approvalStatus === 'pending' && job.can.edit && !job.can.approve ? (
              <Alert
                color="yellow"
                variant="light"
                // The light variant's yellow title is 2.3:1; dark text keeps 4.5:1.
                title={
                  <Text span fw={700} c="dark.8">
                    Awaiting approval
                  </Text>
                }
              >
                A hub admin reviews employers’ posts before they show on the board. You will be told when it
                is approved.
              </Alert>
            ) : null}
            <JobTags tags={job.tags} />
            <Group gap="sm">
              <ApplyArea hubIdentifier={identifier} post={job} onApply={() => setIsApplying(true)} />
              {/* The poster and the board's editors have the post at hand: no Save for them. */}
              {job.can.save && !job.can.edit ? (
                <SaveJobButton
                  hubIdentifier={identifier}
                  postId={job.id}
                  title={job.title}
                  isSaved={job.isSaved}
                  size="sm"
                />
              ) : null}
              <OwnerControls hubIdentifier={identifier} post={job} />
            </Group>
            {job.hasApplied ? (
              myApplication.isPending ? (
                <LoadingState label="Loading your application…" />
              ) : myApplication.isError ? (
                <ErrorState error={myApplication.error} onRetry={() => void myApplication.refetch()} />
              ) : myApplication.data === null ? null : (
                <MyApplicationPanel
                  hubIdentifier={identifier}
                  application={myApplication.data}
                  timeZone={timeZone}
                />
              )
            ) : null}
            <Stack component="section" aria-labelledby="description-heading" gap="xs">
              <Title order={2} size="h3" id="description-heading">
                Description
              </Title>
              {job.description === '' ? (
                <Text c="dimmed">No description.</Text>
              ) : (
                <RichTextView html={job.description} />
              )}
            </Stack>
            {job.requirements === '' ? null : (
              <Stack component="section" aria-labelledby="requirements-heading" gap="xs">
                <Title order={2} size="h3" id="requirements-heading">
                  Requirements
                </Title>
                <RichTextView html={job.requirements} />
              </Stack>
            )}
            {job.can.viewApplications && job.applicationMethod === 'internal' ? (
              <ApplicantList hubIdentifier={identifier} postId={job.id} timeZone={timeZone} />
            ) : null}
          </Stack>
        </div>
        <div>
          <Paper withBorder p="md" radius="md" component="aside" aria-label="About this post">
            <Stack gap="sm" component="dl" m={0}>
              <Fact label="Posted by">
                <Anchor component={Link} to={paths.profile(job.owner.identifier)}>
                  {job.owner.fullName}
                </Anchor>
              </Fact>
              {job.industry === null ? null : <Fact label="Industry">{job.industry.label}</Fact>}
              {job.jobFunctions.length === 0 ? null : (
                <Fact label="Job functions">{job.jobFunctions.map((f) => f.label).join(', ')}</Fact>
              )}
              {duration === null ? null : <Fact label="Duration">{duration}</Fact>}
              {job.startDate === null ? null : (
                <Fact label="Starts">{formatCalendarDay(job.startDate, 'medium')}</Fact>
              )}
              {job.dueDate === null ? null : (
                <Fact label="Due">{formatCalendarDay(job.dueDate, 'medium')}</Fact>
              )}
              <Fact label={job.isExpired ? 'Expired' : 'Closes'}>
                {formatInZone(job.expiresAt, 'medium', timeZone)}
              </Fact>
              <Fact label="Posted">{formatInZone(job.createdAt, 'medium', timeZone)}</Fact>
              {job.applicationMethod === 'internal' ? (
                <Fact label="Resume">{job.isResumeRequired ? 'Required' : 'Optional'}</Fact>
              ) : null}
            </Stack>
          </Paper>
        </div>
      </div>
      {isApplying ? (
        <ApplyModal
          hubIdentifier={identifier}
          post={job}
          opened
          onClose={() => setIsApplying(false)}
          onApplied={() => {
            setIsApplying(false);
            notifications.show({ color: 'green', message: `Your application to “${job.title}” was sent.` });
          }}
        />
      ) : null}
    </Stack>
  );
}
