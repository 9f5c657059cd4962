import type { TPathwaySummary } from '@commons/contract';
import { Button, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { paths } from '../../../config/paths';
import { useStartPathway } from '../api/pathways';

/**
 * The spec 4 button of a pathway, with the server's words: 'Accept & Start' starts it and opens its first open
 * step; 'Continue' opens the step it resumes at (the first in-progress or pending one); 'View' opens the
 * overview of a completed pathway.
 */
export function PathwayActionButton(props: {
  hubIdentifier: string;
  pathway: Pick<
    TPathwaySummary,
    'slug' | 'title' | 'progress' | 'buttonText' | 'resumeStepIndex' | 'stepCount'
  >;
  size?: 'sm' | 'md';
  fullWidth?: boolean;
}) {
  const { hubIdentifier, pathway } = props;
  const start = useStartPathway(hubIdentifier);
  const navigate = useNavigate();
  const label = `${pathway.buttonText}: ${pathway.title}`;
  const common = { size: props.size ?? 'sm', fullWidth: props.fullWidth ?? false } as const;
  if (pathway.progress === 'completed' || pathway.stepCount === 0)
    return (
      <Button
        {...common}
        variant="outline"
        component={Link}
        to={paths.hub.pathway(hubIdentifier, pathway.slug)}
        aria-label={label}
      >
        {pathway.buttonText}
      </Button>
    );
  if (pathway.progress !== 'new')
    return (
      <Button
        {...common}
        component={Link}
        to={paths.hub.pathwayStep(hubIdentifier, pathway.slug, pathway.resumeStepIndex)}
        aria-label={label}
      >
        {pathway.buttonText}
      </Button>
    );
  return (
    <Stack gap="xs">
      <Button
        {...common}
        aria-label={label}
        loading={start.isPending}
        onClick={() =>
          start.mutate(pathway.slug, {
            onSuccess: (started) =>
              void navigate(paths.hub.pathwayStep(hubIdentifier, started.slug, started.resumeStepIndex)),
          })
        }
      >
        {pathway.buttonText}
      </Button>
      <ErrorAlert error={start.error} />
    </Stack>
  );
}
