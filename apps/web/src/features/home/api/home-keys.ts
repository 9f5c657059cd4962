/** Query keys of the home feature; every key starts with 'home' so saving an arrangement refreshes them all. */
export const homeKeys = {
  all: ['home'] as const,
  home: (hubId: string, tab: string | null) => ['home', hubId, tab] as const,
  section: (hubId: string, tab: string, key: string) => ['home', 'section', hubId, tab, key] as const,
  layout: (hubId: string) => ['home', 'layout', hubId] as const,
  widget: (hubId: string) => ['home', 'widget', hubId] as const,
};
