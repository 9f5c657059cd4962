import { describe, expect, it } from 'vitest';
import { durationText, placeText, postFacts, postStandingLabel, projectStatusLabel } from './job-labels';

const base = {
  jobFlow: 'job' as const,
  employmentType: null,
  isPaid: false,
  location: null,
  isRemote: false,
  duration: null,
  durationUnit: null,
  approvalStatus: 'approved' as const,
  closedAt: null,
  isExpired: false,
  projectStatus: null,
};

describe('job post labels', () => {
  it('says a duration in words, singular for one', () => {
    expect(durationText(40, 'hours')).toBe('40 hours');
    expect(durationText(1, 'weeks')).toBe('1 week');
    expect(durationText(3, null)).toBe('3 hours');
    expect(durationText(null, 'hours')).toBeNull();
  });

  it('says where the work happens', () => {
    expect(placeText({ location: 'Boston, MA', isRemote: false })).toBe('Boston, MA');
    expect(placeText({ location: ' ', isRemote: true })).toBe('Remote');
    expect(placeText({ location: 'Boston, MA', isRemote: true })).toBe('Boston, MA or remote');
    expect(placeText({ location: null, isRemote: false })).toBeNull();
    expect(placeText({ location: 'remote', isRemote: true })).toBe('Remote');
  });

  it('lists a job’s type, pay and place, and a project’s duration', () => {
    expect(postFacts({ ...base, employmentType: 'fullTime', isPaid: true, location: 'Austin' })).toEqual([
      'Full-time',
      'Paid',
      'Austin',
    ]);
    expect(
      postFacts({ ...base, jobFlow: 'project', duration: 40, durationUnit: 'hours', isRemote: true }),
    ).toEqual(['Project · 40 hours', 'Unpaid', 'Remote']);
  });

  it('names a post’s standing: awaiting approval, not approved, closed, expired, or nothing when open', () => {
    expect(postStandingLabel({ ...base, approvalStatus: 'pending' })).toBe('Awaiting approval');
    expect(postStandingLabel({ ...base, approvalStatus: 'rejected' })).toBe('Not approved');
    expect(postStandingLabel({ ...base, closedAt: '2026-01-01T00:00:00Z' })).toBe('Closed');
    expect(postStandingLabel({ ...base, isExpired: true })).toBe('Expired');
    expect(postStandingLabel(base)).toBeNull();
  });

  it('names a project’s status with the domain’s labels, and none for jobs', () => {
    const approved = { approvalStatus: 'approved' as const };
    expect(projectStatusLabel({ ...approved, jobFlow: 'project', projectStatus: 'pendingHire' })).toBe(
      'Pending hire',
    );
    expect(projectStatusLabel({ ...approved, jobFlow: 'project', projectStatus: 'pendingReview' })).toBe(
      'Pending review',
    );
    expect(projectStatusLabel({ ...approved, jobFlow: 'job', projectStatus: 'completed' })).toBeNull();
  });

  it('leaves out a project status that only repeats the standing (awaiting approval, not approved)', () => {
    const project = { jobFlow: 'project' as const };
    expect(
      projectStatusLabel({ ...project, projectStatus: 'pendingApproval', approvalStatus: 'pending' }),
    ).toBeNull();
    expect(
      projectStatusLabel({ ...project, projectStatus: 'unapproved', approvalStatus: 'rejected' }),
    ).toBeNull();
    expect(projectStatusLabel({ ...project, projectStatus: 'inactive', approvalStatus: 'approved' })).toBe(
      'Inactive',
    );
  });
});
