import type { TPathwayDetail } from '@commons/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { flattenSteps, STEP_KIND_LABELS, stepStatusLabel } from '../pathway-steps';
import { SectionStatusBadge } from './section-status-badge';

/**
 * A pathway's sections and their steps, each linking to its step page with its kind and status; the step on
 * screen is marked as the current one. On the overview the sections carry their status (spec 3).
 */
export function StepList(props: {
  hubIdentifier: string;
  pathway: TPathwayDetail;
  currentIndex: number | null;
  /** The overview shows each section's description too, with headings of this level. */
  headingOrder: 2 | 3;
  isDetailed: boolean;
}) {
  const { pathway } = props;
  const steps = flattenSteps(pathway);
  const isStarted = pathway.progress !== 'new';
  return (
    <Stack gap="md">
      {pathway.sections.map((section, sectionIndex) => {
        const headingId = `section-${section.id}`;
        const sectionSteps = steps.filter((entry) => entry.sectionIndex === sectionIndex);
        return (
          <Stack key={section.id} gap={6} component="section" aria-labelledby={headingId}>
            <Stack gap={4}>
              <Text
                component={props.headingOrder === 2 ? 'h2' : 'h3'}
                id={headingId}
                fw={700}
                size={props.isDetailed ? 'lg' : 'md'}
                m={0}
                style={{ overflowWrap: 'anywhere' }}
              >
                {section.title}
              </Text>
              {isStarted ? <SectionStatusBadge status={section.status} /> : null}
            </Stack>
            {props.isDetailed && section.description !== '' ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {section.description}
              </Text>
            ) : null}
            <Stack component="ol" gap={6} m={0} pl="lg">
              {sectionSteps.map((entry) => {
                const isCurrent = entry.index === props.currentIndex;
                return (
                  <li key={entry.step.id}>
                    <Anchor
                      component={Link}
                      to={paths.hub.pathwayStep(props.hubIdentifier, pathway.slug, entry.index)}
                      aria-current={isCurrent ? 'step' : undefined}
                      fw={isCurrent ? 700 : 500}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {entry.step.title}
                    </Anchor>
                    <Text size="xs" c="gray.7">
                      {STEP_KIND_LABELS[entry.step.kind]}
                      {isStarted ? ` · ${stepStatusLabel(entry.state)}` : ''}
                    </Text>
                  </li>
                );
              })}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}
