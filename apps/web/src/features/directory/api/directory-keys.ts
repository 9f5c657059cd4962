/** Query keys of the directory feature; a search is keyed by its filters. */
export const directoryKeys = {
  search: (hubIdentifier: string, filters: object) => ['directory', hubIdentifier, filters] as const,
};
