import { describe, expect, it } from 'vitest';
import { tabLabel, timeframeText } from './group-labels';

const labels = { roleLabels: { mentor: 'guide', mentors: 'guides', mentee: 'student', mentees: 'students' } };

describe('group labels', () => {
  it('names the mentors tab with the program alias', () => {
    expect(tabLabel('mentors', labels)).toBe('Guides');
    expect(tabLabel('discussion', labels)).toBe('Discussion');
  });

  it('writes application windows as text', () => {
    expect(timeframeText({ start: '2026-06-01', end: '2026-07-31', noEndDate: false }, 'UTC')).toBe(
      'Jun 1, 2026 to Jul 31, 2026',
    );
    expect(timeframeText({ start: '2026-06-01', end: '2026-07-31', noEndDate: true }, 'UTC')).toBe(
      'From Jun 1, 2026, no end date',
    );
    expect(timeframeText({ start: null, end: '2026-07-31', noEndDate: false }, 'UTC')).toBe(
      'Until Jul 31, 2026',
    );
    expect(timeframeText(null, 'UTC')).toBeNull();
  });
});
