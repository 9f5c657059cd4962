import { LOGIN_AS_SESSION_MINUTES, type TLoginAsCandidate } from '@commons/contract';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { findMembership, mayOpenAnyHub } from '../../../lib/hub-membership';
import { useSession } from '../../../lib/session';
import { readTokenClaims } from '../../../lib/token-claims';
import { startLoginAs, useLoginAsCandidates } from '../api/login-as';

/** One member with the button that logs in as them. */
function CandidateRow(props: { candidate: TLoginAsCandidate; onLogIn: () => void; isStarting: boolean }) {
  const { candidate } = props;
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600}>{candidate.fullName}</Text>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {candidate.email}
            {candidate.userType ? ` · ${candidate.userType}` : ''}
          </Text>
        </Stack>
        <Button
          variant="outline"
          size="sm"
          onClick={props.onLogIn}
          loading={props.isStarting}
          aria-label={`Log in as ${candidate.fullName}`}
        >
          Log in as
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * {hubPath}/site-admin/login-as (issue #22 item 6; spec 6 login-as-other-admins): find a member of the hub and
 * sign in as them to see what they see. Only members one may log in as are listed (never platform admins or
 * oneself); the session lasts LOGIN_AS_SESSION_MINUTES and start and return are in the audit log.
 */
export function LoginAsPage() {
  usePageTitle('Log in as a member');
  const { identifier = '' } = useParams();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const { token } = useSession();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [startingId, setStartingId] = useState<string | null>(null);
  const [startError, setStartError] = useState<unknown>(null);
  const membership = me.data ? findMembership(me.data, identifier) : undefined;
  const isActingAsSomeone = readTokenClaims(token).loginAsAdmin;
  const isAllowed =
    me.data !== undefined &&
    !isActingAsSomeone &&
    (mayOpenAnyHub(me.data) ||
      (membership?.isAdmin === true && membership.accessRights.includes('login-as-other-admins')));
  const candidates = useLoginAsCandidates(identifier, q);

  if (me.data === undefined) return <LoadingState />;
  if (!isAllowed)
    return (
      <EmptyState title="You cannot log in as members of this hub">
        {isActingAsSomeone
          ? 'Return to your own account first.'
          : 'This needs the login-as-other-admins right in this hub. Ask an admin who manages admins.'}
      </EmptyState>
    );

  const items = candidates.data?.pages.flatMap((page) => page.items) ?? [];
  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft);
  };
  const handleLogIn = (candidate: TLoginAsCandidate) => {
    setStartingId(candidate.id);
    setStartError(null);
    startLoginAs(identifier, candidate.id)
      .then((started) => {
        // The app opens the hub with ?adminToken=, which the root exchanges for the member's session.
        const url = new URL(started.url, window.location.origin);
        return navigate(`${url.pathname}${url.search}`);
      })
      .catch((error: unknown) => {
        setStartingId(null);
        setStartError(error);
      });
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Log in as a member</Title>
        <Text c="gray.7">
          See the hub as one of its members to help them. You act with their account, for at most{' '}
          {LOGIN_AS_SESSION_MINUTES} minutes, until you choose “Return to my account”. Starting, returning and
          everything you change meanwhile are recorded in the audit log under your name.
        </Text>
        <Text size="sm" c="gray.7">
          You cannot log in as yourself, as super or cluster admins, or as an admin holding rights you do not
          hold.
        </Text>
      </Stack>
      <form onSubmit={handleSearch} role="search" aria-label="Find a member">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Name or email"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      {startError !== null ? (
        <Alert color="red" title="Could not log in as this member" role="alert">
          {errorText(startError)}
        </Alert>
      ) : null}
      {candidates.isPending ? (
        <LoadingState label="Loading members…" />
      ) : candidates.isError ? (
        <ErrorState error={candidates.error} onRetry={() => void candidates.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={q === '' ? 'No members to log in as' : 'No member matches this search'} />
      ) : (
        <Stack gap="sm">
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Members">
            {items.map((candidate) => (
              <CandidateRow
                key={candidate.id}
                candidate={candidate}
                onLogIn={() => handleLogIn(candidate)}
                isStarting={startingId === candidate.id}
              />
            ))}
          </Stack>
          {candidates.hasNextPage ? (
            <Button
              variant="default"
              onClick={() => void candidates.fetchNextPage()}
              loading={candidates.isFetchingNextPage}
              style={{ alignSelf: 'flex-start' }}
            >
              Show more members
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
