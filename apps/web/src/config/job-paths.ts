/**
 * Path builders of the job board (issue #19). Their route patterns are ROUTES.hubChildren in paths.ts (the
 * route table needs them at start); the builders live here so only the pages that link to them load them,
 * not the app's first JavaScript (issue #17's budget). The admin screens' paths are the contract's
 * webPaths.hub.siteAdminJobs (paths.hub.siteAdminJobs), which the server's notifications link to as well.
 */
import { webPaths } from '@commons/contract';
import { paths, ROUTES } from './paths';

/** Tabs of the job board: every post, my saved posts, my applications, my alerts, my own posts. */
export const JOB_BOARD_TABS = ['all', 'saved', 'applied', 'alerts', 'mine'] as const;
export type TJobBoardTab = (typeof JOB_BOARD_TABS)[number];

const hub = ROUTES.hubChildren;

/** Builders of the job board's concrete URLs. */
export const jobPaths = {
  /** The job board (spec 2 job/list/all-job), optionally with a search (the tab and filters go in its query). */
  board: (identifier: string, search?: URLSearchParams) => {
    const board = paths.hub.module(identifier, hub.jobs);
    const query = search?.toString() ?? '';
    return query === '' ? board : `${board}?${query}`;
  },
  /** A job's or a project's page: projects live under projects/detail/, jobs under job/detail/ (spec 2). */
  detail: webPaths.hub.jobDetail,
  /** The form to post a job, or a project (?type=project, optionally with a template). */
  post: (identifier: string, options: { isProject?: boolean; template?: string } = {}) => {
    const search = new URLSearchParams();
    if (options.isProject === true) search.set('type', 'project');
    if (options.template !== undefined) search.set('template', options.template);
    const query = search.toString();
    const form = paths.hub.module(identifier, hub.jobPost);
    return query === '' ? form : `${form}?${query}`;
  },
  /** The form editing a post (the post form with ?edit={postId}). */
  edit: (identifier: string, postId: string) =>
    `${paths.hub.module(identifier, hub.jobPost)}?${new URLSearchParams({ edit: postId }).toString()}`,
};
