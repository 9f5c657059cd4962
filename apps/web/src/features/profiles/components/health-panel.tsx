import type { TProfile } from '@commons/contract';
import type { TProfileHealthAttribute } from '@commons/domain';
import { Alert, Anchor, List, Paper, Progress, Text, Title } from '@mantine/core';

type THealth = NonNullable<TProfile['sections']['health']>;

/** What the owner can do for each missing health attribute (spec 3 profile health). */
const ATTRIBUTE_TEXT: Record<TProfileHealthAttribute, string> = {
  headline: 'Add a headline',
  about: 'Write a few words about yourself',
  photoUrl: 'Add a profile photo',
  careerPathExpertise: 'Add your career path expertise',
  location: 'Add your location',
  schools: 'Add your schools',
  workHistory: 'Add your work history',
  helpOffer: 'Say what you can help with',
  additionalInfo: 'Fill in additional information',
  demographicInfo: 'Fill in demographic information',
  dynamicProfile: 'Answer the profile questions',
};

function isHealthAttribute(attribute: string): attribute is TProfileHealthAttribute {
  return attribute in ATTRIBUTE_TEXT;
}

/**
 * Profile health for the owner (spec 9 profile score): the score, the checklist of missing attributes
 * with their weights, and the profile-completion nudge while the score is below 100. Each item the page
 * can edit is a button that opens its editor (`onOpen`); `canOpen` says which ones the page offers.
 */
export function HealthPanel({
  health,
  canOpen,
  onOpen,
}: {
  health: THealth;
  canOpen: (attribute: TProfileHealthAttribute) => boolean;
  onOpen: (attribute: TProfileHealthAttribute) => void;
}) {
  return (
    <Paper component="section" aria-labelledby="profile-health-heading" withBorder p="lg" radius="md">
      <Title order={2} size="h3" id="profile-health-heading">
        Profile strength
      </Title>
      <Text mt="xs" aria-live="polite">
        Your profile is <strong data-testid="profile-score">{health.score}%</strong> complete.
      </Text>
      <Progress value={health.score} mt="xs" aria-label="Profile strength" />
      {health.score < 100 ? (
        <Alert
          data-testid="profile-completion-nudge"
          id="profile-completion-nudge"
          color="indigo"
          mt="md"
          title="Complete your profile"
        >
          A complete profile helps people in your community find you and offer help.
        </Alert>
      ) : null}
      {health.missing.length === 0 ? null : (
        <List mt="md" spacing="xs" aria-label="Missing from your profile">
          {health.missing.map(({ attribute, weight }) => {
            const known = isHealthAttribute(attribute);
            const text = `${known ? ATTRIBUTE_TEXT[attribute] : attribute} (worth ${weight} points)`;
            return (
              <List.Item key={attribute}>
                {known && canOpen(attribute) ? (
                  <Anchor component="button" type="button" onClick={() => onOpen(attribute)}>
                    {text}
                  </Anchor>
                ) : (
                  text
                )}
              </List.Item>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
