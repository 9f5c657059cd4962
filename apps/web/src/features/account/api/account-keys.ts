/** Query keys of the account feature. */
export const accountKeys = {
  settings: () => ['account', 'settings'] as const,
};
