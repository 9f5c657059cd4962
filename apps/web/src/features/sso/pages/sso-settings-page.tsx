import { canManageClusterGroup } from '@commons/domain';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { clusterAdminPaths } from '../../../config/cluster-admin-paths';
import { useCurrentUser } from '../../../lib/current-user';
import { OidcProvidersSection } from '../components/oidc-providers-section';
import { SamlProvidersSection } from '../components/saml-providers-section';
import { ScimTokensSection } from '../components/scim-tokens-section';
import { SignInOptionsSection } from '../components/sign-in-options-section';

/**
 * The page's sections in order: each renders its own <section id={id}> with a heading. A new kind of provider or
 * setting adds one entry here.
 */
const SECTIONS: Array<{ id: string; label: string; Component: ComponentType }> = [
  { id: 'oidc', label: 'OpenID Connect', Component: OidcProvidersSection },
  { id: 'saml', label: 'SAML', Component: SamlProvidersSection },
  { id: 'sign-in-options', label: 'Sign-in options', Component: SignInOptionsSection },
  { id: 'scim', label: 'Provisioning (SCIM)', Component: ScimTokensSection },
];

/**
 * /cluster-admin/sso (issue #24; spec 6 cluster-level group sso-settings): the cluster's identity providers with
 * Test connection, the signup methods it hides, the email domains that must use single sign-on, and provisioning.
 */
export function SsoSettingsPage() {
  usePageTitle('Single sign-on');
  const me = useCurrentUser();
  if (me.data === undefined) return <LoadingState />;
  const isAllowed = canManageClusterGroup(
    { isSuperAdmin: me.data.isAdmin, isClusterAdmin: me.data.isClusterAdmin },
    'sso-settings',
  );
  if (!isAllowed)
    return (
      <EmptyState title="Only cluster admins can open single sign-on settings">
        Ask a cluster admin of your community for what you need.
      </EmptyState>
    );
  return (
    <Stack gap="xl" maw={960}>
      <Stack gap={4}>
        <Anchor component={Link} to={clusterAdminPaths.console()} size="sm">
          Cluster administration
        </Anchor>
        <Title order={1}>Single sign-on</Title>
        <Text c="gray.7">
          How members of every hub of your community sign in and how their accounts are provisioned.
        </Text>
        <nav aria-label="Sections">
          <Group gap="md" wrap="wrap" mt="xs">
            {SECTIONS.map((section) => (
              <Anchor key={section.id} href={`#${section.id}`}>
                {section.label}
              </Anchor>
            ))}
          </Group>
        </nav>
      </Stack>
      {SECTIONS.map(({ id, Component }) => (
        <Component key={id} />
      ))}
    </Stack>
  );
}
