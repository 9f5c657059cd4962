export * from './tenancy.js';
export * from './users.js';
export * from './auth.js';
export * from './profiles.js';
export * from './inbox.js';
