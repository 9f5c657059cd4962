export * from './errors.js';
export * from './common.js';
export * from './hub.js';
export * from './auth.js';
export * from './profiles.js';
export * from './directory.js';
export * from './approvals.js';
export * from './account.js';
