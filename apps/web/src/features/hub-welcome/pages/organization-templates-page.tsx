import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useOrganizationTemplates, useReplaceOrganizationTemplates } from '../api/organization-templates-api';
import { AdminScreen } from '../components/admin-screen';
import { OutreachTemplatesEditor } from '../components/outreach-templates-editor';

/**
 * {hubPath}/site-admin/organizations/{organization}/templates (spec 6 Organisation admins: templates; issue #22): an
 * organisation's admins holding templates write, per pair of user types, the message templates its approved members
 * are offered first (labelled with its name) when they write to each other, with the hub's editor in the
 * organisation's scope. The server checks the right again; the name comes with the list.
 */
export function OrganizationTemplatesPage(props: {
  /** What sits above the heading in place of the way back and the name: the console's header (app/routing). */
  header?: ReactNode;
}) {
  const { identifier = '', organization = '' } = useParams();
  const query = useOrganizationTemplates(identifier, organization);
  const replace = useReplaceOrganizationTemplates(identifier, organization);
  const name = query.data?.organization.name;
  return (
    <AdminScreen
      title="Message templates"
      pageTitle={name ? `Message templates · ${name}` : 'Message templates'}
      intro={`The templates ${name ?? 'the organization'}’s members start from when they write to another of its members for the first time, per pair of user types. They are offered first, under the organization’s name, then the hub’s templates.`}
      rightName="templates"
      query={query}
      above={
        props.header ?? (
          <>
            <Anchor component={Link} to={paths.hub.siteAdmin(identifier)} size="sm">
              Site administration
            </Anchor>
            {name ? (
              <Text size="sm" c="gray.7" fw={500}>
                {name}
              </Text>
            ) : null}
          </>
        )
      }
      forbidden={{
        title: 'You cannot edit this organization’s templates',
        body: 'Its message templates are edited by its admins holding the “templates” right, while the hub has organizations turned on.',
      }}
    >
      {() =>
        query.data ? (
          <OutreachTemplatesEditor
            data={query.data}
            scope={{ kind: 'organization', name: query.data.organization.name }}
            replace={replace}
          />
        ) : null
      }
    </AdminScreen>
  );
}
