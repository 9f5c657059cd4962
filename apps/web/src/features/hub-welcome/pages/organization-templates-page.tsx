import type { ReactNode } from 'react';
import { useParams } from 'react-router';
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
  /** What sits above the heading: the organisation console's header (composed in app/routing). */
  header: ReactNode;
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
      above={props.header}
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
