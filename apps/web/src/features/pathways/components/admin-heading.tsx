import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** 'Site administration › Pathways' and the screen's title, as the other admin screens head theirs. */
export function AdminHeading(props: {
  hubIdentifier: string;
  title: string;
  isPathwaysLinked: boolean;
  end?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Stack gap={4} miw={0}>
        <Text size="sm">
          <Anchor component={Link} to={paths.hub.siteAdmin(props.hubIdentifier)}>
            Site administration
          </Anchor>{' '}
          ›{' '}
          {props.isPathwaysLinked ? (
            <Anchor component={Link} to={paths.hub.siteAdminPathways(props.hubIdentifier)}>
              Pathways
            </Anchor>
          ) : (
            'Pathways'
          )}
        </Text>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {props.title}
        </Title>
      </Stack>
      {props.end}
    </Group>
  );
}
