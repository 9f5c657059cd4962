/**
 * Display formatting of spec 9: counts, response times, open-graph text, dates and tag colours.
 */

/** Default time zone when a user has none (spec 9). */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';
