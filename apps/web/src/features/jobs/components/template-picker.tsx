import type { TProjectTemplateView } from '@commons/contract';
import { Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { durationText } from '../../../components/job-post/job-labels';
import { JobIcon } from '../../../components/job-post/job-icon';
import classes from './template-picker.module.css';

/**
 * The project templates as the server lists them (spec 9: the eleven defaults, Legal Advising, Customer Service,
 * then the custom option), one button each; choosing one fills the project form.
 */
export function TemplatePicker(props: {
  templates: readonly TProjectTemplateView[];
  onChoose: (templateId: string) => void;
}) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label="Project templates"
    >
      {props.templates.map((template) => (
        <li key={template.id}>
          <UnstyledButton
            className={classes.card}
            onClick={() => props.onChoose(template.id)}
            w="100%"
            h="100%"
          >
            <Paper withBorder radius="md" p="md" h="100%">
              <Stack gap={6}>
                <JobIcon icon={template.icon} isProject size={36} />
                <Text fw={600}>{template.role}</Text>
                <Text size="sm">{template.description}</Text>
                {template.isCustom ? null : (
                  <Text size="xs" c="dimmed">
                    {durationText(template.duration, template.durationUnit)}
                  </Text>
                )}
              </Stack>
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </SimpleGrid>
  );
}
