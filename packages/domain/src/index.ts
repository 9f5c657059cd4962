export * from './action-items.js';
export * from './advising.js';
export * from './assessments.js';
export * from './badges.js';
export * from './career-paths.js';
export * from './community-search.js';
export * from './cover-images.js';
export * from './discussions.js';
export * from './experiential-learning.js';
export * from './experiments.js';
export * from './feature-flags.js';
export * from './formatting.js';
export * from './giving.js';
export * from './groups.js';
export * from './home.js';
export * from './job-applications.js';
export * from './jobs.js';
export * from './limits.js';
export * from './login-as.js';
export * from './matching.js';
export * from './meetings.js';
export * from './mail-templates.js';
export * from './message-types.js';
export * from './pathways.js';
export * from './permissions.js';
export * from './presence.js';
export * from './profile.js';
export * from './profile-fields.js';
export * from './regions.js';
export * from './session.js';
export * from './tenant-types.js';
export * from './signup.js';
export * from './sso.js';
export * from './auto-greeting.js';
export * from './validation.js';
export * from './network-address.js';
export * from './video-prompts.js';
export * from './webhooks.js';
export {
  addCalendarDays,
  isCalendarDate,
  weekdayOf,
  zonedDate,
  zonedInstant,
  zoneOffsetMs,
  type TDateInput,
} from './time.js';
