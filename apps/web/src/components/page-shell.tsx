import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import classes from './page-shell.module.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** The Commons name, linking to the start. */
export function BrandLink() {
  return (
    <Link to={paths.root()} className={classes.brand}>
      Commons
    </Link>
  );
}

/**
 * The frame of every page: skip link, banner (the brand and `headerEnd`, or a whole `header` of its
 * own), the main landmark (target of the skip link) and a footer with legal links.
 */
export function PageShell(props: { headerEnd?: ReactNode; header?: ReactNode; children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Box component="header" className={classes.header}>
        {props.header ?? (
          <Group justify="space-between" px="md" py="sm" wrap="wrap" gap="sm">
            <BrandLink />
            {props.headerEnd}
          </Group>
        )}
      </Box>
      <Container
        component="main"
        className={classes.main}
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        size="lg"
        py={{ base: 'md', md: 'xl' }}
        px="md"
      >
        {props.children}
      </Container>
      <Box component="footer" className={classes.footer}>
        <Container size="lg" py="md" px="md">
          <Group component="nav" aria-label="Legal" gap="md">
            <Anchor component={Link} to={paths.terms()} size="sm">
              Terms of use
            </Anchor>
            <Anchor component={Link} to={paths.privacy()} size="sm">
              Privacy policy
            </Anchor>
            <Text size="sm" c="dimmed">
              © Commons
            </Text>
          </Group>
        </Container>
      </Box>
    </>
  );
}
