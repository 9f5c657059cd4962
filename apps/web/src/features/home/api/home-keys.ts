/** Query keys of the home feature. */
export const homeKeys = {
  all: ['home'] as const,
  home: (hubId: string, tab: string | null) => ['home', hubId, tab] as const,
};
