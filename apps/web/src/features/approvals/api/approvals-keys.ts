/** Query keys of the approvals feature. */
export const approvalsKeys = {
  all: (hubIdentifier: string) => ['approvals', hubIdentifier] as const,
  queue: (hubIdentifier: string) => ['approvals', hubIdentifier, 'members'] as const,
  pending: (hubIdentifier: string, filters: object) =>
    ['approvals', hubIdentifier, 'pending', filters] as const,
};
