import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { useResourceSettings } from '../api/get-resources';
import { ResourceBoard } from '../components/resource-board';

type TView = 'resources' | 'directory';

/**
 * /resources: the hub's resources (spec 2 Navigation tabs 'Resources'), and its business directory
 * as a second tab (?view=directory) when the hub enables business directory V2.
 */
export function ResourcesPage() {
  const settings = useResourceSettings(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const hasDirectory = settings.data?.isBusinessDirectoryEnabled === true;
  const view: TView = hasDirectory && searchParams.get('view') === 'directory' ? 'directory' : 'resources';
  usePageTitle(view === 'directory' ? 'Business directory' : 'Resources');

  const handleViewChange = (value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'directory') next.set('view', 'directory');
    else next.delete('view');
    setSearchParams(next, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Resources</Title>
        <Text c="dimmed">Guides, links, files and videos shared by your community.</Text>
      </Stack>
      {hasDirectory ? (
        <Tabs value={view} onChange={handleViewChange} keepMounted={false}>
          <Tabs.List aria-label="Resources or business directory">
            <Tabs.Tab value="resources">Resources</Tabs.Tab>
            <Tabs.Tab value="directory">Business directory</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="resources" pt="md">
            <ResourceBoard groupId={null} isBusinessDirectory={false} />
          </Tabs.Panel>
          <Tabs.Panel value="directory" pt="md">
            <ResourceBoard groupId={null} isBusinessDirectory />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <ResourceBoard groupId={null} isBusinessDirectory={false} />
      )}
    </Stack>
  );
}
