/**
 * The hub whose content a board shows (issue #7): a group's tabs show the group's hub, which may differ
 * from the session's current hub, so content features send that hub in the x-hub-id header.
 */
import { createContext, useContext } from 'react';

/** The hub identifier content queries use; undefined means the path's or the session's hub. */
export const ContentHubContext = createContext<string | undefined>(undefined);

/** The hub content queries of this subtree go to. */
export function useContentHub(): string | undefined {
  return useContext(ContentHubContext);
}

/** Request options that send the content hub when one is set. */
export function contentHubOption(hubId: string | undefined): { hubId?: string } {
  return hubId === undefined ? {} : { hubId };
}
