import type { TGroupSummary, TProgramRole, TUserType } from '@commons/contract';
import { PROGRAM_ROLES } from '@commons/contract';
import { Checkbox, Fieldset, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  emptyProgramAssignment,
  type TPathwayDraft,
  type TProgramAssignmentDraft,
} from '../../builder-values';

/** Role names as programs word them. */
const ROLE_LABELS: Readonly<Record<TProgramRole, string>> = {
  mentee: 'Mentees',
  mentor: 'Mentors',
  both: 'Mentors and mentees (both)',
};

/**
 * Who the pathway is assigned to (issue #20 item 1): members of user types, each with an optional deadline, and
 * members of programs in the chosen roles, with a deadline per role (spec 3 group pathwayTimelines.{role}.completedBy:
 * left empty, the program's own date applies).
 */
export function AssignmentsEditor(props: {
  draft: Pick<TPathwayDraft, 'userTypes' | 'programs'>;
  userTypes: TUserType[] | undefined;
  programs: TGroupSummary[] | undefined;
  isProgramsError: boolean;
  errorOf: (path: string) => string | undefined;
  onChange: (patch: Partial<Pick<TPathwayDraft, 'userTypes' | 'programs'>>) => void;
}) {
  const { draft, errorOf } = props;
  const userTypes = (props.userTypes ?? []).filter((type) => !type.isDisabled);
  return (
    <Stack gap="md">
      <Fieldset legend="Assign to user types">
        <Stack gap="sm">
          {props.userTypes === undefined ? <Text size="sm">Loading the user types…</Text> : null}
          {userTypes.map((type) => {
            const index = draft.userTypes.findIndex((assignment) => assignment.userTypeId === type.id);
            const assignment = draft.userTypes[index];
            return (
              <Stack key={type.id} gap={6}>
                <Checkbox
                  label={type.pluralTitle === '' ? type.title : type.pluralTitle}
                  checked={assignment !== undefined}
                  onChange={(event) =>
                    props.onChange({
                      userTypes: event.currentTarget.checked
                        ? [...draft.userTypes, { userTypeId: type.id, completedBy: '' }]
                        : draft.userTypes.filter((other) => other.userTypeId !== type.id),
                    })
                  }
                />
                {assignment === undefined ? null : (
                  <TextInput
                    type="date"
                    ml="xl"
                    maw={260}
                    label={`${type.title}: complete by (optional)`}
                    value={assignment.completedBy}
                    onChange={(event) => {
                      const completedBy = event.currentTarget.value;
                      props.onChange({
                        userTypes: draft.userTypes.map((other) =>
                          other.userTypeId === type.id ? { ...other, completedBy } : other,
                        ),
                      });
                    }}
                    error={errorOf(`assignments.userTypes.${index}.completedBy`)}
                  />
                )}
              </Stack>
            );
          })}
        </Stack>
      </Fieldset>
      <Fieldset legend="Assign to programs">
        <Stack gap="sm">
          {props.isProgramsError ? <Text size="sm">The programs could not be loaded.</Text> : null}
          {props.programs === undefined && !props.isProgramsError ? (
            <Text size="sm">Loading the programs…</Text>
          ) : null}
          {props.programs?.length === 0 ? <Text size="sm">This hub has no programs.</Text> : null}
          {(props.programs ?? []).map((program) => {
            const index = draft.programs.findIndex((assignment) => assignment.programId === program.id);
            const assignment = draft.programs[index];
            const update = (next: TProgramAssignmentDraft) =>
              props.onChange({
                programs: draft.programs.map((other) => (other.programId === program.id ? next : other)),
              });
            return (
              <Stack key={program.id} gap={6}>
                <Checkbox
                  label={program.name}
                  checked={assignment !== undefined}
                  onChange={(event) =>
                    props.onChange({
                      programs: event.currentTarget.checked
                        ? [...draft.programs, emptyProgramAssignment(program.id)]
                        : draft.programs.filter((other) => other.programId !== program.id),
                    })
                  }
                />
                {assignment === undefined ? null : (
                  <Paper withBorder p="sm" radius="md" ml="xl">
                    <Stack gap="xs">
                      <Checkbox.Group
                        label={`Roles in ${program.name}`}
                        value={assignment.roles}
                        onChange={(roles) => update({ ...assignment, roles: roles as TProgramRole[] })}
                        error={errorOf(`assignments.programs.${index}.roles`)}
                      >
                        <Group gap="md" mt={4}>
                          {PROGRAM_ROLES.map((role) => (
                            <Checkbox key={role} value={role} label={ROLE_LABELS[role]} />
                          ))}
                        </Group>
                      </Checkbox.Group>
                      {assignment.roles.map((role) => (
                        <TextInput
                          key={role}
                          type="date"
                          maw={320}
                          label={`${ROLE_LABELS[role]}: complete by (optional)`}
                          description="Empty: the program's pathway timeline applies."
                          value={assignment.completedBy[role]}
                          onChange={(event) =>
                            update({
                              ...assignment,
                              completedBy: { ...assignment.completedBy, [role]: event.currentTarget.value },
                            })
                          }
                          error={errorOf(`assignments.programs.${index}.completedBy.${role}`)}
                        />
                      ))}
                    </Stack>
                  </Paper>
                )}
              </Stack>
            );
          })}
        </Stack>
      </Fieldset>
    </Stack>
  );
}
