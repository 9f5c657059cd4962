import { describe, expect, it } from 'vitest';
import { designationError, formatPledgeAmount, mayGive, pledgeFrequencyLabel } from './giving.js';

describe('giving', () => {
  it.each([
    [true, true, true, true],
    [false, true, true, false],
    [true, false, true, false],
    [true, true, false, false],
  ])(
    'mayGive(donations %s, givingForm %s, approved %s) is %s',
    (isDonationsEnabled, isGivingFormUserType, isApprovedMember, expected) => {
      expect(mayGive({ isDonationsEnabled, isGivingFormUserType, isApprovedMember })).toBe(expected);
    },
  );

  it('takes any designation, or none, when the hub lists none', () => {
    expect(designationError({ designation: 'Rowing club', hubDesignations: [] })).toBeNull();
    expect(designationError({ designation: null, hubDesignations: [] })).toBeNull();
  });

  it('requires one of the hub designations when the hub lists some', () => {
    const hubDesignations = ['Scholarships', 'Library'];
    expect(designationError({ designation: 'Library', hubDesignations })).toBeNull();
    expect(designationError({ designation: 'Rowing club', hubDesignations })).toBe(
      'Choose one of the listed designations.',
    );
    expect(designationError({ designation: null, hubDesignations })).toBe('Choose where your gift goes.');
  });

  it('formats minor units in the currency', () => {
    expect(formatPledgeAmount(2500, 'USD')).toBe('$25.00');
    expect(formatPledgeAmount(123456, 'EUR')).toBe('€1,234.56');
    expect(formatPledgeAmount(5000, 'JPY')).toBe('¥5,000');
  });

  it('labels the frequency', () => {
    expect(pledgeFrequencyLabel(null)).toBe('One-off');
    expect(pledgeFrequencyLabel('monthly')).toBe('Monthly');
  });
});
