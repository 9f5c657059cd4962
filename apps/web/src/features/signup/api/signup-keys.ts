/** Query keys of the signup feature (the onboarding steps and the first-time-user flow). */
export const signupKeys = {
  options: (hubIdentifier: string) => ['signup', hubIdentifier, 'options'] as const,
  ftuMatching: (hubIdentifier: string, input: { industries: string[]; helpTopics: string[] }) =>
    ['ftu', hubIdentifier, 'matching', input] as const,
};
