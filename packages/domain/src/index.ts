export * from './formatting.js';
export * from './permissions.js';
export * from './regions.js';
export * from './session.js';
export * from './signup.js';
export * from './validation.js';
