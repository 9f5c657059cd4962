import { JOB_ADMIN_SECTIONS, type TJobAdminSection } from '@commons/contract';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ParticipationReportsPage } from '../../features/experiential-learning/pages/participation-reports-page';
import { JobApprovalsPage } from '../../features/jobs/pages/job-approvals-page';
import { JobSettingsPage } from '../../features/jobs/pages/job-settings-page';

const PAGES: Readonly<Record<TJobAdminSection, () => React.JSX.Element>> = {
  approvals: JobApprovalsPage,
  settings: JobSettingsPage,
  'participation-reports': ParticipationReportsPage,
};

function isSection(value: string | undefined): value is TJobAdminSection {
  return (JOB_ADMIN_SECTIONS as readonly (string | undefined)[]).includes(value);
}

/**
 * {hubPath}/site-admin/jobs/{section} (issue #19): the job board's admin screens behind one route (each route
 * the route table holds costs the app's first JavaScript, issue #17): approvals, settings, participation
 * reports. An unknown section goes to /404.
 */
export function JobAdminRoute() {
  const { section } = useParams();
  if (!isSection(section)) return <Navigate to={paths.notFound()} replace />;
  const Page = PAGES[section];
  return <Page />;
}
