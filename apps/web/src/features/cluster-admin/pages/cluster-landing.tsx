import type { TLandingPage } from '@commons/contract';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { RichTextView } from '../../../components/rich-text-editor';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';

/** The cluster's own landing page (issue #23 item 2), shown on `/` to visitors instead of the default page. */
export function ClusterLanding(props: { page: TLandingPage }) {
  const { page } = props;
  usePageTitle(page.title);
  const cta = page.callToAction;
  return (
    <Stack maw={720} gap="lg" py="xl">
      <Title order={1}>{page.title}</Title>
      {page.bodyHtml === '' ? null : <RichTextView html={page.bodyHtml} />}
      <Group>
        {cta === null ? null : cta.url.startsWith('/') ? (
          <Button component={Link} to={cta.url} size="md">
            {cta.label}
          </Button>
        ) : (
          <Button component="a" href={cta.url} size="md" rel="noopener noreferrer">
            {cta.label}
          </Button>
        )}
        <Button component={Link} to={paths.signIn()} size="md" variant={cta === null ? 'filled' : 'outline'}>
          Sign in
        </Button>
      </Group>
      {cta === null ? (
        <Anchor component={Link} to={paths.signUp()}>
          Create an account
        </Anchor>
      ) : null}
    </Stack>
  );
}
