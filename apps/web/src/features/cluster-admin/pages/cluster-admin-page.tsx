import { canManageClusterGroup } from '@commons/domain';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { clusterAdminPaths } from '../../../config/cluster-admin-paths';
import { webhooksPaths } from '../../../config/webhooks-paths';
import { useCurrentUser } from '../../../lib/current-user';
import { useClusterHubs } from '../api/cluster-admin';
import { DomainsSection } from '../components/domains-section';
import { EmailSettingsSection } from '../components/email-settings-section';
import { HubsSection } from '../components/hubs-section';
import { LandingPageSection } from '../components/landing-page-section';
import { MajorsSection } from '../components/majors-section';

const SECTIONS = [
  { id: 'hubs', label: 'Hubs' },
  { id: 'domains', label: 'Domains' },
  { id: 'landing-page', label: 'Landing page' },
  { id: 'email-settings', label: 'Email settings' },
  { id: 'majors', label: 'Majors' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'sso', label: 'Single sign-on' },
] as const;

/** Single sign-on has its own page (identity providers, sign-in options, provisioning). */
function SsoSection() {
  return (
    <Stack gap="sm" component="section" aria-labelledby="sso-title" id="sso">
      <Title order={2} id="sso-title">
        Single sign-on
      </Title>
      <Text c="gray.7">
        Let members sign in with Google, Microsoft, LinkedIn or your own identity provider, require it for
        your email domains, and provision accounts.
      </Text>
      <Group>
        <Anchor component={Link} to={clusterAdminPaths.sso()}>
          Manage single sign-on
        </Anchor>
      </Group>
    </Stack>
  );
}

/** Webhooks live on the hub-scoped Webhooks page: it opens in the default hub (any hub would do). */
function WebhooksSection() {
  const hubs = useClusterHubs();
  const items = hubs.data?.pages.flatMap((page) => page.items) ?? [];
  const hub = items.find((item) => item.isDefault) ?? items[0];
  return (
    <Stack gap="sm" component="section" aria-labelledby="webhooks-title" id="webhooks">
      <Title order={2} id="webhooks-title">
        Webhooks
      </Title>
      <Text c="gray.7">Send your community&apos;s events, such as new sign-ups, to your own systems.</Text>
      {hub === undefined ? null : (
        <Group>
          <Anchor component={Link} to={webhooksPaths.admin(hub.identifier)}>
            Manage webhooks
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}

/**
 * /cluster-admin (issue #23 item 2; spec 6 cluster-level groups): the cluster's admins and super admins see the
 * cluster's hubs and their admins, edit the public landing page, the email sender and SMTP override, and the
 * majors catalogue, and reach the webhook and single sign-on settings.
 */
export function ClusterAdminPage() {
  usePageTitle('Cluster administration');
  const me = useCurrentUser();
  if (me.data === undefined) return <LoadingState />;
  const isAllowed = canManageClusterGroup(
    { isSuperAdmin: me.data.isAdmin, isClusterAdmin: me.data.isClusterAdmin },
    'landing-page',
  );
  if (!isAllowed)
    return (
      <EmptyState title="Only cluster admins can open cluster administration">
        Ask a cluster admin of your community for what you need.
      </EmptyState>
    );
  return (
    <Stack gap="xl" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Cluster administration</Title>
        <Text c="gray.7">Settings that apply to every hub of your community.</Text>
        <nav aria-label="Sections">
          <Group gap="md" wrap="wrap" mt="xs">
            {SECTIONS.map((section) => (
              <Anchor key={section.id} href={clusterAdminPaths.console(section.id)}>
                {section.label}
              </Anchor>
            ))}
          </Group>
        </nav>
      </Stack>
      <HubsSection />
      <DomainsSection />
      <LandingPageSection />
      <EmailSettingsSection />
      <MajorsSection />
      <WebhooksSection />
      <SsoSection />
    </Stack>
  );
}
