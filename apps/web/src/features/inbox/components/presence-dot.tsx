import type { TPresence } from '@commons/domain';
import { Box, Tooltip } from '@mantine/core';

/** Words for each presence value (spec 4 Presence), read by screen readers and shown on hover. */
export const PRESENCE_LABELS: Readonly<Record<TPresence, string>> = {
  online: 'Online',
  away: 'Away',
  'offline-away': 'Recently active',
  offline: 'Offline',
};

/** Dot colours with at least 3:1 contrast against white (WCAG non-text contrast). */
const PRESENCE_COLORS: Readonly<Record<TPresence, string>> = {
  online: 'var(--mantine-color-green-8)',
  away: 'var(--mantine-color-yellow-9)',
  'offline-away': 'var(--mantine-color-gray-6)',
  offline: 'var(--mantine-color-gray-6)',
};

/** A participant's presence as a dot with its words for assistive technology (spec 4 Presence). */
export function PresenceDot({ presence, name }: { presence: TPresence; name: string }) {
  const label = `${name}: ${PRESENCE_LABELS[presence]}`;
  const isFilled = presence === 'online' || presence === 'away';
  return (
    <Tooltip label={PRESENCE_LABELS[presence]} withArrow>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-presence={presence}
        style={{
          display: 'inline-block',
          flex: 'none',
          width: 10,
          height: 10,
          borderRadius: '50%',
          border: `2px solid ${PRESENCE_COLORS[presence]}`,
          background: isFilled ? PRESENCE_COLORS[presence] : 'transparent',
        }}
      />
    </Tooltip>
  );
}
