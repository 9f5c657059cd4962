import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { useAdminProfileFields } from '../api/admin-profile-fields';
import { ProfileFieldsEditor } from '../components/profile-fields-editor';

/**
 * {hubPath}/site-admin/organizations/{organization}/custom-fields (spec 6 Organisation admins: custom-fields;
 * issue #22): the organisation's own profile fields, asked of its approved members only in a block of their profile
 * named after it, edited by its admins holding custom-fields with the hub's editor in the organisation's scope. The
 * server checks the right again; the name comes with the list (the same cached query as the editor's).
 */
export function OrganizationProfileFieldsPage(props: {
  /** What sits above the heading: the organisation console's header (composed in app/routing). */
  header: ReactNode;
}) {
  const { identifier = '', organization = '' } = useParams();
  const scope = { hubIdentifier: identifier, organization };
  const name = useAdminProfileFields(scope).data?.organization?.name;
  usePageTitle(name ? `Custom fields · ${name}` : 'Custom fields');
  return (
    <ProfileFieldsEditor
      scope={scope}
      text={{
        title: 'Custom fields',
        above: props.header,
        intro: (
          <>
            <Text c="dark.6">
              Questions only {name ?? 'the organization'}’s members answer, in a part of their profile named
              after it: short texts, paragraphs, choices, numbers or dates, for every member or only some user
              types. They do not count toward the profile’s completeness.
            </Text>
            <Text size="sm" c="dark.6">
              Archiving a field hides it from profiles and keeps the answers; restore it to show them again.
              Deleting a field removes it with every member’s answer.
            </Text>
          </>
        ),
        empty: {
          title: 'No custom fields yet',
          body: 'Add a field to ask the organization’s members something the hub’s profile does not, such as their chapter.',
        },
        forbidden: {
          title: 'You cannot edit this organization’s fields',
          body: 'Its custom fields are edited by its admins holding the “custom fields” right, while the hub has organizations turned on.',
        },
      }}
    />
  );
}
