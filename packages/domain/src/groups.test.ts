import { describe, expect, it } from 'vitest';
import {
  continueRegistrationUrl,
  FAVORITES_NO_LONGER_MESSAGE,
  FAVORITES_NOT_YET_MESSAGE,
  favoritingMessage,
  favoritingWindow,
  groupJoinResult,
  groupJoinWindow,
  groupMemberAccess,
  isFavoritingAllowed,
  isMemberInGoodStanding,
  joinResultMessage,
  NOT_GROUP_MEMBER_MESSAGE,
  roleWindowState,
  roleWindows,
  selectableJoinRoles,
  visibleGroupTabs,
} from './groups.js';

const timeZone = 'America/New_York';
// 2025-03-10 02:00 UTC is still 2025-03-09 in New York.
const lateEvening = new Date('2025-03-10T02:00:00Z');
const midday = new Date('2025-03-10T16:00:00Z');

describe('roleWindowState (spec 4 Group join window per role)', () => {
  it.each([
    ['no timeframe', null, midday, 'open'],
    ['empty timeframe', {}, midday, 'open'],
    ['on the start day', { start: '2025-03-10', end: '2025-03-20' }, midday, 'open'],
    [
      'the evening before the start day in the user zone',
      { start: '2025-03-10', end: '2025-03-20' },
      lateEvening,
      'before',
    ],
    ['on the end day', { start: '2025-03-01', end: '2025-03-10' }, midday, 'open'],
    ['the day after the end day', { start: '2025-03-01', end: '2025-03-09' }, midday, 'after'],
    [
      'after the end with noEndDate',
      { start: '2025-03-01', end: '2025-03-09', noEndDate: true },
      midday,
      'open',
    ],
    ['ISO instants read in the user zone', { start: '2025-03-10T03:00:00Z' }, lateEvening, 'open'],
    ['start only, before', { start: '2025-04-01' }, midday, 'before'],
    ['end only, after', { end: '2025-03-01' }, midday, 'after'],
    ['unparsable dates are ignored', { start: 'soon', end: 'later' }, midday, 'open'],
  ])('%s gives %s', (_label, timeframe, now, expected) => {
    expect(roleWindowState({ timeframe, now, timeZone })).toBe(expected);
  });
});

describe('groupJoinWindow (spec 4)', () => {
  const before = { start: '2025-04-01' };
  const open = { start: '2025-03-01', end: '2025-03-31' };
  const after = { end: '2025-03-01' };
  it.each([
    [before, before, 'beforeBoth'],
    [after, after, 'afterBoth'],
    [before, open, 'menteeBefore'],
    [before, after, 'menteeBefore'],
    [after, open, 'menteeAfter'],
    [after, before, 'menteeAfter'],
    [open, before, 'mentorBefore'],
    [open, after, 'mentorAfter'],
    [open, open, 'allow'],
    [null, undefined, 'allow'],
  ])('mentee %j and mentor %j give %s', (mentee, mentor, expected) => {
    expect(groupJoinWindow({ timeframes: { mentee, mentor }, now: midday, timeZone })).toBe(expected);
  });

  it('reports both role states', () => {
    expect(roleWindows({ timeframes: { mentee: before, mentor: after }, now: midday, timeZone })).toEqual({
      mentee: 'before',
      mentor: 'after',
    });
  });
});

describe('groupJoinResult (spec 4)', () => {
  it.each([
    ['chooser, both before', 'before', 'before', { kind: 'choose' }, 'beforeBoth'],
    ['chooser, both after', 'after', 'after', { kind: 'choose' }, 'afterBoth'],
    ['chooser, mentee closed only', 'after', 'open', { kind: 'choose' }, 'allow'],
    ['chooser, closed on different sides', 'before', 'after', { kind: 'choose' }, 'allow'],
    ['chooser, both open', 'open', 'open', { kind: 'choose' }, 'allow'],
    [
      'fixed mentee, mentee after',
      'after',
      'open',
      { kind: 'fixed', role: 'mentee' },
      'missedMenteeTimeline',
    ],
    ['fixed mentee, mentee before', 'before', 'open', { kind: 'fixed', role: 'mentee' }, 'beforeBoth'],
    ['fixed mentee, mentor closed', 'open', 'after', { kind: 'fixed', role: 'mentee' }, 'allow'],
    [
      'fixed mentor, mentor after',
      'open',
      'after',
      { kind: 'fixed', role: 'mentor' },
      'missedMentorTimeline',
    ],
    ['fixed mentor, mentor before', 'after', 'before', { kind: 'fixed', role: 'mentor' }, 'beforeBoth'],
    ['fixed mentor, open', 'after', 'open', { kind: 'fixed', role: 'mentor' }, 'allow'],
    ['fixed both, mentor after', 'open', 'after', { kind: 'fixed', role: 'both' }, 'missedMentorTimeline'],
    ['fixed both, mentee after', 'after', 'after', { kind: 'fixed', role: 'both' }, 'missedMenteeTimeline'],
    ['fixed both, open', 'open', 'open', { kind: 'fixed', role: 'both' }, 'allow'],
  ] as const)('%s gives %s', (_label, mentee, mentor, role, expected) => {
    expect(groupJoinResult({ windows: { mentee, mentor }, role })).toBe(expected);
  });

  it.each([
    [{ mentee: 'open', mentor: 'open' }, ['mentee', 'mentor']],
    [{ mentee: 'after', mentor: 'open' }, ['mentor']],
    [{ mentee: 'before', mentor: 'after' }, []],
  ] as const)('%j offers roles %j', (windows, roles) => {
    expect(selectableJoinRoles(windows)).toEqual(roles);
  });
});

describe('joinResultMessage (spec 8)', () => {
  it.each([
    ['beforeBoth', undefined, 'Sorry! This program is not yet open to mentees or mentors'],
    ['afterBoth', undefined, 'Sorry! This program is no longer accepting mentees or mentors'],
    ['missedMenteeTimeline', undefined, 'Sorry! This program is no longer accepting mentees'],
    ['missedMentorTimeline', undefined, 'Sorry! This program is no longer accepting mentors'],
    [
      'beforeBoth',
      { mentees: 'students', mentors: 'alumni' },
      'Sorry! This program is not yet open to students or alumni',
    ],
    ['allow', undefined, null],
  ] as const)('%s with labels %j reads %j', (result, labels, message) => {
    expect(joinResultMessage({ result, labels })).toBe(message);
  });
});

describe('favoriting window (spec 4, spec 8)', () => {
  it.each([
    ['no timeline', null, 'allow', true, null],
    ['empty timeline', { start: null, end: '' }, 'allow', true, null],
    [
      'before the start',
      { start: '2025-03-11', end: '2025-03-20' },
      'isBefore',
      false,
      FAVORITES_NOT_YET_MESSAGE,
    ],
    ['on the start day', { start: '2025-03-10', end: '2025-03-20' }, 'isBetween', true, null],
    ['on the end day', { start: '2025-03-01', end: '2025-03-10' }, 'isBetween', true, null],
    [
      'after the end',
      { start: '2025-03-01', end: '2025-03-09' },
      'isAfter',
      false,
      FAVORITES_NO_LONGER_MESSAGE,
    ],
    ['start only, after it', { start: '2025-03-01' }, 'isBetween', true, null],
  ] as const)('%s gives %s', (_label, favorite, window, isAllowed, message) => {
    const result = favoritingWindow({ favorite, now: midday, timeZone });
    expect(result).toBe(window);
    expect(isFavoritingAllowed(result)).toBe(isAllowed);
    expect(favoritingMessage(result)).toBe(message);
  });

  it('uses the exact spec messages', () => {
    expect(FAVORITES_NOT_YET_MESSAGE).toBe('Sorry, we are not yet accepting favorites for this program!');
    expect(FAVORITES_NO_LONGER_MESSAGE).toBe('Sorry, we are no longer accepting favorites for this program!');
  });
});

describe('member in good standing and continueRegistration (spec 4)', () => {
  const done = '2025-01-01T00:00:00Z';
  it.each([
    [
      'approved, hub-approved, registered',
      { status: 'approved', hubApproved: true, completedRegistrationDate: done },
      true,
      'allow',
    ],
    [
      'group admin status',
      { status: 'admin', hubApproved: true, completedRegistrationDate: done },
      true,
      'allow',
    ],
    [
      'pending in group',
      { status: 'pending', hubApproved: true, completedRegistrationDate: done },
      false,
      'deny',
    ],
    [
      'hub approval unset',
      { status: 'approved', hubApproved: null, completedRegistrationDate: done },
      false,
      'deny',
    ],
    [
      'not registered',
      { status: 'approved', hubApproved: true, completedRegistrationDate: null },
      false,
      'deny',
    ],
    [
      'imported and not registered',
      { status: 'approved', hubApproved: true, completedRegistrationDate: null, importStatus: 'imported' },
      false,
      'continueRegistration',
    ],
    [
      'imported and registered but unapproved in hub',
      { status: 'approved', hubApproved: false, completedRegistrationDate: done, importStatus: 'imported' },
      false,
      'deny',
    ],
  ])('%s: good standing=%s access=%s', (_label, membership, isGood, access) => {
    expect(isMemberInGoodStanding(membership)).toBe(isGood);
    expect(groupMemberAccess(membership)).toBe(access);
  });

  it('denies a non-member', () => {
    expect(groupMemberAccess(null)).toBe('deny');
    expect(groupMemberAccess(undefined)).toBe('deny');
  });

  it.each([
    ['/programs/chess', '/programs/chess?continueRegistration=true'],
    ['/programs/chess?tab=about', '/programs/chess?tab=about&continueRegistration=true'],
  ])('%s → %s', (path, url) => {
    expect(continueRegistrationUrl(path)).toBe(url);
  });

  it('has the exact non-member message', () => {
    expect(NOT_GROUP_MEMBER_MESSAGE).toBe(
      'Looks like you are not a member of this group. Only group members could message other members.',
    );
  });
});

describe('visibleGroupTabs (spec 2, spec 6)', () => {
  it.each([
    [
      'a group',
      { groupType: 'group', role: 'mentee', userTypeId: 's', isAdminTabVisible: false },
      ['about', 'members', 'discussion', 'resources', 'events', 'feed'],
    ],
    [
      'a program for an admin',
      { groupType: 'mentorshipProgram', role: 'admin', userTypeId: 's', isAdminTabVisible: true },
      ['about', 'members', 'mentors', 'discussion', 'resources', 'events', 'admin', 'feed'],
    ],
    [
      'settings hiding tabs',
      {
        groupType: 'mentorshipProgram',
        role: 'mentee',
        userTypeId: 'student',
        isAdminTabVisible: false,
        settings: [
          { id: 'resources', visible: false },
          { id: 'mentors', visibleUserTypes: ['mentor'] },
          { id: 'events', visibleForUserTypes: ['alum'] },
          { id: 'discussion', visibleUserTypes: [], visibleForUserTypes: ['student'] },
          { id: 'feed', visible: false },
        ],
      },
      ['about', 'members', 'discussion', 'feed'],
    ],
    [
      'a visitor without role',
      {
        groupType: 'organization',
        role: null,
        userTypeId: null,
        isAdminTabVisible: false,
        settings: [{ id: 'members', visibleUserTypes: ['mentee'] }],
      },
      ['about', 'discussion', 'resources', 'events', 'feed'],
    ],
  ] as const)('%s', (_label, options, tabs) => {
    expect(visibleGroupTabs(options)).toEqual(tabs);
  });
});
