/**
 * Query keys of advising. Every key starts with 'advising' and the hub, so one invalidation refreshes a hub's
 * topics, advisers, slots and appointments after a booking or a change (the server's realtime hints name
 * 'advising' too).
 */
export const advisingKeys = {
  all: (hubIdentifier: string) => ['advising', hubIdentifier] as const,
  me: (hubIdentifier: string) => ['advising', hubIdentifier, 'me'] as const,
  topics: (hubIdentifier: string) => ['advising', hubIdentifier, 'topics'] as const,
  advisers: (hubIdentifier: string, topicId: string | null) =>
    ['advising', hubIdentifier, 'advisers', topicId] as const,
  adviser: (hubIdentifier: string, adviserId: string) =>
    ['advising', hubIdentifier, 'adviser', adviserId] as const,
  slotsOf: (hubIdentifier: string, adviserId: string) =>
    ['advising', hubIdentifier, 'slots', adviserId] as const,
  slots: (
    hubIdentifier: string,
    adviserId: string,
    appointmentTypeId: string,
    timeZone: string,
    appointmentId: string | undefined,
  ) =>
    [
      'advising',
      hubIdentifier,
      'slots',
      adviserId,
      appointmentTypeId,
      timeZone,
      appointmentId ?? null,
    ] as const,
  appointments: (hubIdentifier: string, filter: object) =>
    ['advising', hubIdentifier, 'appointments', filter] as const,
  appointment: (hubIdentifier: string, id: string) => ['advising', hubIdentifier, 'appointment', id] as const,
  availability: (hubIdentifier: string, adviserId: string) =>
    ['advising', hubIdentifier, 'availability', adviserId] as const,
  admin: (hubIdentifier: string) => ['advising', hubIdentifier, 'admin'] as const,
  adminAdvisers: (hubIdentifier: string) => ['advising', hubIdentifier, 'admin', 'advisers'] as const,
  candidates: (hubIdentifier: string, q: string) =>
    ['advising', hubIdentifier, 'admin', 'candidates', q] as const,
  adminTopics: (hubIdentifier: string) => ['advising', hubIdentifier, 'admin', 'topics'] as const,
  adminAppointmentTypes: (hubIdentifier: string) =>
    ['advising', hubIdentifier, 'admin', 'appointment-types'] as const,
  programs: (hubIdentifier: string) => ['advising', hubIdentifier, 'admin', 'programs'] as const,
  report: (hubIdentifier: string, query: object) =>
    ['advising', hubIdentifier, 'admin', 'report', query] as const,
};
