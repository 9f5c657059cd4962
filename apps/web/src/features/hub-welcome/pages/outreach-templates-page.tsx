import { useParams } from 'react-router';
import { useOutreachTemplates, useReplaceOutreachTemplates } from '../api/hub-welcome-api';
import { AdminScreen } from '../components/admin-screen';
import { OutreachTemplatesEditor } from '../components/outreach-templates-editor';

/**
 * {hubPath}/site-admin/templates (issue #22 item 1; spec 6 'Admin templates replace the default outreach templates
 * by user type pair'; spec 9 Outreach templates): hub admins with the templates right choose a sender and a
 * recipient user type and write the templates the message composer offers that pair instead of the defaults.
 */
export function OutreachTemplatesPage() {
  const { identifier = '' } = useParams();
  const query = useOutreachTemplates(identifier);
  const replace = useReplaceOutreachTemplates(identifier);
  return (
    <AdminScreen
      title="Outreach templates"
      intro="The message templates members start from when they write to someone new, per pair of user types. A pair without templates of its own offers the defaults."
      rightName="templates"
      query={query}
    >
      {() =>
        query.data ? (
          <OutreachTemplatesEditor data={query.data} scope={{ kind: 'hub' }} replace={replace} />
        ) : null
      }
    </AdminScreen>
  );
}
