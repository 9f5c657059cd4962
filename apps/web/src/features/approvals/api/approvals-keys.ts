/** Query keys of the approvals feature. */
export const approvalsKeys = {
  queue: (hubIdentifier: string) => ['approvals', hubIdentifier] as const,
};
