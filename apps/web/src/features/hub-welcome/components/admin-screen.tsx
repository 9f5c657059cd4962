import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-error';

/**
 * The frame of a Site administration screen: its heading, then loading, the "you lack the right" panel on a
 * 403, an error with a retry, or the screen itself.
 */
export function AdminScreen(props: {
  title: string;
  intro: string;
  rightName: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  children: () => ReactNode;
  /** The browser tab's title when it is not the heading (an organisation's screen adds its name). */
  pageTitle?: string;
  /** Shown above the heading, such as a way back and whose screen it is. */
  above?: ReactNode;
  /** The 403 panel's text when the right is not the hub's (an organisation's screen). */
  forbidden?: { title: string; body: string };
}) {
  usePageTitle(props.pageTitle ?? props.title);
  const heading = (
    <Stack gap={4}>
      {props.above}
      <Title order={1}>{props.title}</Title>
    </Stack>
  );
  const { query } = props;
  if (query.isPending) return <LoadingState label={`Loading ${props.title.toLowerCase()}…`} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 403) {
      return (
        <Stack>
          {heading}
          {props.forbidden ? (
            <EmptyState title={props.forbidden.title}>{props.forbidden.body}</EmptyState>
          ) : (
            <EmptyState title={`You cannot change ${props.title.toLowerCase()} here`}>
              This needs the “{props.rightName}” right in this hub. An admin who manages admins can give it to
              you.
            </EmptyState>
          )}
        </Stack>
      );
    }
    return (
      <Stack>
        {heading}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {heading}
        <Text c="dark.6">{props.intro}</Text>
      </Stack>
      {props.children()}
    </Stack>
  );
}
