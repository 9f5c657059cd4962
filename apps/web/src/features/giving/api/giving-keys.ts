/** Query keys of the giving feature. */
export const givingKeys = {
  all: (hubIdentifier: string) => ['giving', hubIdentifier] as const,
  page: (hubIdentifier: string) => ['giving', hubIdentifier, 'page'] as const,
  settings: (hubIdentifier: string) => ['giving', hubIdentifier, 'settings'] as const,
  pledges: (hubIdentifier: string) => ['giving', hubIdentifier, 'pledges'] as const,
};
