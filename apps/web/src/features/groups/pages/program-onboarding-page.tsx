import type { TGroupDetail, TJoinGroupResponse, TProgramRole } from '@commons/contract';
import { Alert, Anchor, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { groupQueryOptions } from '../../../lib/current-group';
import { useJoinGroup, useProgramQuestions } from '../api/groups-api';
import { QuestionField } from '../components/question-field';
import { capitalize } from '../group-labels';
import { collectAnswers, isAskedOf, type TAnswerDraft } from '../registration-form';

/** Role choices of a program: mentee and mentor, and both when the program allows it. */
function roleChoices(group: TGroupDetail): TProgramRole[] {
  return group.settings.allowBoth ? ['mentee', 'mentor', 'both'] : ['mentee', 'mentor'];
}

function roleName(group: TGroupDetail, role: TProgramRole): string {
  if (role === 'mentee') return capitalize(group.roleLabels.mentee);
  if (role === 'mentor') return capitalize(group.roleLabels.mentor);
  return `${capitalize(group.roleLabels.mentor)} and ${group.roleLabels.mentee}`;
}

/** Why a role cannot be chosen now, from the join window (spec 4). */
function closedReason(group: TGroupDetail, role: TProgramRole): string {
  const window = group.joinWindow ?? '';
  if (window === `${role}Before`) return 'Applications are not open yet';
  return 'Applications are closed';
}

function Done({ group, result }: { group: TGroupDetail; result: TJoinGroupResponse }) {
  const isApproved = result.status === 'approved';
  return (
    <Paper withBorder p="lg" radius="md" role="status">
      <Stack>
        <Title order={2}>{isApproved ? `You are in ${group.name}!` : 'Thank you for registering'}</Title>
        <Text>
          {isApproved
            ? 'Your registration is complete.'
            : `Your registration is waiting for approval by the ${group.name} admins. We will email you when it is approved.`}
        </Text>
        <Group>
          <Button component={Link} to={paths.groupPage('mentorshipProgram', group.identifier)}>
            Go to the program
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function RegistrationForm({
  group,
  isContinuing,
  join,
}: {
  group: TGroupDetail;
  isContinuing: boolean;
  join: ReturnType<typeof useJoinGroup>;
}) {
  const questions = useProgramQuestions(group.identifier);
  const [chosenRole, setChosenRole] = useState<TProgramRole | null>(
    group.fixedRole ?? (group.selectableRoles.length === 1 ? (group.selectableRoles[0] ?? null) : null),
  );
  const [drafts, setDrafts] = useState<Record<string, TAnswerDraft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [roleError, setRoleError] = useState<string | null>(null);
  const role = group.fixedRole ?? chosenRole;

  if (questions.isPending) return <LoadingState label="Loading the questions…" />;
  if (questions.isError)
    return <ErrorState error={questions.error} onRetry={() => void questions.refetch()} />;

  const asked = role === null ? [] : questions.data.filter((q) => isAskedOf(q, role));
  const serverFields = isApiError(join.error) ? join.error.fields : {};
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (role === null) {
      setRoleError('Choose how you would like to take part.');
      return;
    }
    const collected = collectAnswers({ questions: questions.data, role, drafts });
    setErrors(collected.errors);
    if (Object.keys(collected.errors).length > 0) return;
    join.mutate({ ...(group.fixedRole === null ? { role } : {}), answers: collected.answers });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Program registration">
      <Stack gap="lg">
        {group.fixedRole === null ? (
          <Radio.Group
            label="I would like to take part as"
            required
            value={chosenRole ?? ''}
            error={roleError ?? serverFields.role}
            onChange={(value) => {
              setChosenRole(value as TProgramRole);
              setRoleError(null);
            }}
          >
            <Stack gap="xs" mt="xs">
              {roleChoices(group).map((choice) => {
                const isOpen = group.selectableRoles.includes(choice);
                return (
                  <Radio
                    key={choice}
                    value={choice}
                    disabled={!isOpen}
                    label={roleName(group, choice)}
                    description={isOpen ? undefined : closedReason(group, choice)}
                  />
                );
              })}
            </Stack>
          </Radio.Group>
        ) : (
          <Text>
            You were invited as a <strong>{roleName(group, group.fixedRole)}</strong>.
          </Text>
        )}
        {asked.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            role={role ?? 'mentee'}
            value={drafts[question.id] ?? null}
            error={errors[question.id] ?? serverFields[`answers.${question.id}`]}
            onChange={(value) => {
              setDrafts((current) => ({ ...current, [question.id]: value }));
              setErrors((current) => ({ ...current, [question.id]: '' }));
            }}
          />
        ))}
        <ErrorAlert error={join.error} />
        <Group>
          <Button type="submit" loading={join.isPending}>
            {isContinuing ? 'Complete registration' : 'Register'}
          </Button>
          <Anchor component={Link} to={paths.groupPage('mentorshipProgram', group.identifier, 'about')}>
            About the program
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /programs/onboarding?program={identifier} (spec 2, issue #6 Joining): choose a role (or see the one
 * an invitation fixed), pass the application windows with the spec 8 'Sorry! This program…'
 * messages, answer the registration questions of the role (spec 5), then join at once or wait for
 * approval. With continueRegistration=true an invited member completes their registration.
 */
export function ProgramOnboardingPage() {
  const [searchParams] = useSearchParams();
  const identifier = searchParams.get('program') ?? '';
  const isContinuing = searchParams.get('continueRegistration') === 'true';
  const group = useQuery({ ...groupQueryOptions(identifier), enabled: identifier !== '' });
  const join = useJoinGroup(identifier);
  usePageTitle(group.data === undefined ? 'Program registration' : `Register for ${group.data.name}`);

  if (identifier === '') {
    return (
      <Stack>
        <Title order={1}>Program registration</Title>
        <EmptyState title="Which program?">
          Open a program from the{' '}
          <Anchor component={Link} to={paths.programs()}>
            programs list
          </Anchor>{' '}
          to register.
        </EmptyState>
      </Stack>
    );
  }
  if (group.isPending) return <LoadingState label="Loading the program…" />;
  if (group.isError) {
    return (
      <Stack>
        <Title order={1}>Program registration</Title>
        <ErrorState error={group.error} onRetry={() => void group.refetch()} />
      </Stack>
    );
  }
  const data = group.data;
  const isMember = data.membership !== null && data.membership.status !== 'invited';
  let body;
  if (join.isSuccess) {
    body = <Done group={data} result={join.data} />;
  } else if (data.groupType !== 'mentorshipProgram') {
    body = <EmptyState title="This is not a mentorship program" />;
  } else if (isMember && !isContinuing) {
    body = (
      <EmptyState title="You are already registered">
        <Anchor component={Link} to={paths.groupPage('mentorshipProgram', data.identifier)}>
          Go to the program
        </Anchor>
      </EmptyState>
    );
  } else if (!data.can.register && !data.can.continueRegistration) {
    body = (
      <EmptyState title="Registration is not open to you">
        This program takes invited members only.
      </EmptyState>
    );
  } else if (data.joinBlockedMessage !== null) {
    body = (
      <Alert color="red" variant="outline" role="alert" title="Registration closed">
        {data.joinBlockedMessage}
      </Alert>
    );
  } else {
    body = (
      <RegistrationForm
        group={data}
        isContinuing={isContinuing || data.can.continueRegistration}
        join={join}
      />
    );
  }
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          Program registration
        </Text>
        <Title order={1}>
          {data.can.continueRegistration || (join.isSuccess && isContinuing)
            ? `Complete your registration for ${data.name}`
            : `Register for ${data.name}`}
        </Title>
        {data.description === '' ? null : <Text>{data.description}</Text>}
      </Stack>
      {body}
    </Stack>
  );
}
