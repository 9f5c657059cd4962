import './mantine-styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications, notificationsStore, useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

const TOAST_POSITION = 'top-right';
const TOAST_LIMIT = 3;

// The container's own settings, in the store before it mounts: a toast shown earlier is queued by them too.
notificationsStore.updateState((state) => ({
  ...state,
  defaultPosition: TOAST_POSITION,
  limit: TOAST_LIMIT,
}));

/**
 * Mantine's toast container, mounted with the first toast and kept from then on (issue #17 item 7): empty, its six
 * positions with their portals and transitions still took 25 ms of a phone's first render on every page.
 */
function ToastsOnceShown() {
  const { notifications } = useNotifications();
  const [hasToasts, setHasToasts] = useState(false);
  if (!hasToasts && notifications.length > 0) setHasToasts(true);
  return hasToasts || notifications.length > 0 ? (
    <Notifications position={TOAST_POSITION} limit={TOAST_LIMIT} />
  ) : null;
}

/** App-wide providers: Mantine theme, toasts and the TanStack Query client. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ToastsOnceShown />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
