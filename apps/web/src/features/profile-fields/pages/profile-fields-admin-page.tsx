import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { ProfileFieldsEditor } from '../components/profile-fields-editor';

/**
 * {hubPath}/site-admin/profile-fields (issue #22 item 1; spec 3 User additionalInfo incl. paragraph): hub admins
 * with the standard-fields right list the hub's custom profile fields in order, add, edit, reorder, archive and
 * restore them. Members answer them in their profile's Additional information. Organisations' own fields are
 * their consoles' (organization-profile-fields-page.tsx).
 */
export function ProfileFieldsAdminPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Profile fields');
  return (
    <ProfileFieldsEditor
      scope={{ hubIdentifier: identifier, organization: null }}
      text={{
        title: 'Profile fields',
        intro: (
          <>
            <Text c="dark.6">
              The questions members answer in the Additional information part of their profile: short texts,
              paragraphs, choices, numbers or dates, for every member or only some user types. Members see
              them in the order here.
            </Text>
            <Text size="sm" c="dark.6">
              Archiving a field hides it from profiles and keeps the answers; restore it to show them again.
              Deleting a field removes it with every member’s answer.
            </Text>
          </>
        ),
        empty: {
          title: 'No profile fields yet',
          body: 'Add a field to ask every member, or only some user types, something the standard profile does not.',
        },
        forbidden: {
          title: 'You cannot edit profile fields here',
          body: 'Editing the hub’s profile fields needs the “standard fields” right in this hub.',
        },
      }}
    />
  );
}
