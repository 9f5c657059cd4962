import { JOB_ADMIN_SECTIONS, webPaths } from '@commons/contract';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { hubIdentifierFromPath, hubRelativePath, paths, ROUTES } from './paths';

describe('paths', () => {
  it('builds hub paths with an encoded identifier', () => {
    expect(paths.hub.home('north field')).toBe('/hub/north%20field/');
    expect(paths.hub.signIn('northfield', { postLoginRedirect: '/inbox?tab=rooms' })).toBe(
      '/hub/northfield/auth/sign-in?postLoginRedirect=%2Finbox%3Ftab%3Drooms',
    );
    expect(paths.hub.pendingApproval('northfield')).toBe('/hub/northfield/pending-approval');
  });

  it('builds group, program and organization paths', () => {
    expect(paths.groupPage('group', 'chess club')).toBe('/groups/chess%20club');
    expect(paths.groupPage('mentorshipProgram', 'mentoring', 'mentors')).toBe('/programs/mentoring/mentors');
    expect(paths.groupPage('organization', 'alumni', 'about')).toBe('/organizations/alumni/about');
    expect(paths.programOnboarding({ program: 'mentoring', continueRegistration: true })).toBe(
      '/programs/onboarding?program=mentoring&continueRegistration=true',
    );
    expect(paths.manageGroup('mentorshipProgram', 'mentoring')).toBe('/manage-program/mentoring');
    expect(paths.manageGroup('organization', 'alumni')).toBe('/manage-group/alumni');
    expect(paths.groupList('organization')).toBe('/organizations');
  });

  it('builds the notifications page path, optionally under one heading (issue #16 item 1)', () => {
    expect(paths.notifications()).toBe('/notifications');
    expect(paths.notifications({ group: 'meetingReplies' })).toBe('/notifications?group=meetingReplies');
  });

  it('builds the job admin screens from the contract, so the job.pending-approval link opens the approval queue', () => {
    const pattern = `${ROUTES.hub}/${ROUTES.hubChildren.siteAdminJobs}`;
    const link = webPaths.hub.siteAdminJobs('north field', 'approvals');
    expect(link).toBe('/hub/north%20field/site-admin/jobs/approvals');
    expect(matchPath(pattern, link)?.params).toEqual({ identifier: 'north%20field', section: 'approvals' });
    for (const section of JOB_ADMIN_SECTIONS)
      expect(matchPath(pattern, paths.hub.siteAdminJobs('northfield', section))?.params.section).toBe(
        section,
      );
  });

  it('reads the hub identifier and the hub-relative part of a path', () => {
    expect(hubIdentifierFromPath('/hub/north%20field/home')).toBe('north field');
    expect(hubIdentifierFromPath('/inbox')).toBeNull();
    expect(hubRelativePath('/hub/northfield')).toBe('/');
    expect(hubRelativePath('/hub/northfield/posts/3')).toBe('/posts/3');
    expect(hubRelativePath('/inbox')).toBe('/inbox');
  });
});
