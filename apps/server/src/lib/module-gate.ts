import type { TApiTag, TEndpoint, THubSettings, TModuleId } from '@commons/contract';
import { MODULE_MANAGER_RIGHTS, type THubAccessRight } from '@commons/domain';
import { AppError } from './app-error.js';

/**
 * Navigation modules a hub turns off (issue #22 item 1; spec 3 Active module item): while a module is off its
 * tab is hidden and its member-facing API answers 403 `<module>_hidden` with "… not available in this hub",
 * the refusal advising, pathways and career paths already give (advising_hidden, pathways_hidden,
 * career_paths_hidden, each checked by its own policy). Admins holding one of the module's rights (and
 * cluster and super admins) keep using it, so they can prepare content before turning it on.
 *
 * The endpoints are keyed by their contract tag (one tag, one product area); tenantRoute asks the request
 * context to check the module (plugins/request-context), reading the hub's modules through the hub read
 * cache. Groups and programs share the /api/groups/:identifier endpoints, so the group's type decides there
 * (groups.policy requireGroup, from the settings it already reads) and the group list by its `type` query.
 */

/** The module whose member API each contract tag is. Tags not named here are not a module's (or check their own). */
const MODULE_OF_TAG: Partial<Record<TApiTag, TModuleId>> = {
  discussions: 'discussions',
  events: 'events',
  resources: 'resources',
  jobs: 'jobs',
  directory: 'network',
};

/** Endpoints of a module's tag that other pages use too (mentions in any composer, a profile's similar people). */
const UNGATED_OPERATIONS = new Set(['searchMentions', 'listSimilarPeople']);

/** The group list shows one type of group: its module. */
const GROUP_LIST_OPERATION = 'listGroups';

/**
 * The module of the group types it gates (spec 3 groupType). Organizations keep their own rule: their admins'
 * rights need the Organizations module (groups.policy groupAdminRights), their pages stay.
 */
export const MODULE_OF_GROUP_TYPE = {
  group: 'groups',
  mentorshipProgram: 'programs',
} as const satisfies Record<string, TModuleId>;

/** The refusal's text per module, as advising ('Advising is not available in this hub.') words it. */
const MODULE_HIDDEN_MESSAGES: Partial<Record<TModuleId, string>> = {
  discussions: 'Discussions are not available in this hub.',
  events: 'Events are not available in this hub.',
  resources: 'Resources are not available in this hub.',
  jobs: 'The job board is not available in this hub.',
  network: 'The network is not available in this hub.',
  groups: 'Groups are not available in this hub.',
  programs: 'Programs are not available in this hub.',
};

/** The message of a module's refusal. */
export function moduleHiddenMessage(moduleId: TModuleId): string {
  return MODULE_HIDDEN_MESSAGES[moduleId] ?? 'This section is not available in this hub.';
}

/** The module an endpoint's request belongs to, or null when it is not one a hub turns off this way. */
export function moduleOfEndpoint(endpoint: TEndpoint, input: { query: unknown }): TModuleId | null {
  if (endpoint.hub === 'none' || UNGATED_OPERATIONS.has(endpoint.operationId)) return null;
  if (endpoint.operationId === GROUP_LIST_OPERATION) {
    const type = (input.query as { type?: unknown } | undefined)?.type ?? 'group';
    return type === 'group' || type === 'mentorshipProgram' ? MODULE_OF_GROUP_TYPE[type] : null;
  }
  return MODULE_OF_TAG[endpoint.tag] ?? null;
}

/** What the check reads of the viewer: their rights in the request's hub. */
export type TModuleViewer = {
  hasRight(right: THubAccessRight): boolean;
  isClusterAdmin(): boolean;
};

/** Whether the viewer uses the module: it is on in the hub, or they manage it (cluster and super admins do). */
export function isModuleUsable(options: {
  enabledModules: THubSettings['enabledModules'];
  moduleId: TModuleId;
  viewer: TModuleViewer;
}): boolean {
  const { enabledModules, moduleId, viewer } = options;
  if (enabledModules.includes(moduleId) || viewer.isClusterAdmin()) return true;
  return (MODULE_MANAGER_RIGHTS[moduleId] ?? []).some((right) => viewer.hasRight(right));
}

/** The 403 of a module the hub has turned off (ARCHITECTURE.md error body; code `<module>_hidden`). */
export function moduleHiddenError(moduleId: TModuleId): AppError {
  const message = moduleHiddenMessage(moduleId);
  return new AppError({
    statusCode: 403,
    code: `${moduleId.replace(/-/g, '_')}_hidden`,
    message,
    userMessage: message,
  });
}

/** 403 `<module>_hidden` unless the viewer may use the module (isModuleUsable). */
export function requireModuleUsable(options: {
  enabledModules: THubSettings['enabledModules'];
  moduleId: TModuleId;
  viewer: TModuleViewer;
}): void {
  if (!isModuleUsable(options)) throw moduleHiddenError(options.moduleId);
}

/** The hub read cache's key of a hub's enabled modules (forgotten by any write in the hub, as every entry). */
export const ENABLED_MODULES_CACHE_KEY = 'settings:enabledModules';
