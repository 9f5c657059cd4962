import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { PathwayCrumbs } from './pathway-crumbs';

/** What a pathway page shows until its pathway is there: loading, not found (or not for this viewer), or the failure. */
export function PathwayLoadState(props: {
  hubIdentifier: string;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  if (props.isPending) return <LoadingState label="Loading the pathway…" />;
  const isMissing = isApiError(props.error) && (props.error.status === 404 || props.error.status === 403);
  return (
    <Stack gap="lg">
      <PathwayCrumbs hubIdentifier={props.hubIdentifier} />
      {isMissing ? (
        <EmptyState title="This pathway was not found">
          It may have been removed, or it is not open to you.{' '}
          <Anchor component={Link} to={paths.hub.pathways(props.hubIdentifier)}>
            See your pathways
          </Anchor>
          .
        </EmptyState>
      ) : (
        <ErrorState error={props.error} onRetry={props.onRetry} />
      )}
    </Stack>
  );
}
