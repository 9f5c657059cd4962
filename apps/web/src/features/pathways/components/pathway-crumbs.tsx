import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** 'Pathways › {pathway}' above a pathway's pages: the way back to the list and to the overview. */
export function PathwayCrumbs(props: { hubIdentifier: string; pathway?: { slug: string; title: string } }) {
  return (
    <Group component="nav" aria-label="Breadcrumb" gap={6} wrap="wrap">
      <Anchor component={Link} to={paths.hub.pathways(props.hubIdentifier)} size="sm">
        Pathways
      </Anchor>
      {props.pathway === undefined ? null : (
        <>
          <Text size="sm" c="gray.7" aria-hidden="true">
            ›
          </Text>
          <Anchor
            component={Link}
            to={paths.hub.pathway(props.hubIdentifier, props.pathway.slug)}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {props.pathway.title}
          </Anchor>
        </>
      )}
    </Group>
  );
}
