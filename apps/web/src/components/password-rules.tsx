import { checkPassword } from '@commons/domain';
import { List, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircle } from '@tabler/icons-react';

/** Decorative: the rule's state is also said in words to screen readers. */
const RULE_ICON = {
  size: 14,
  stroke: 2,
  'aria-hidden': true,
  style: { verticalAlign: '-2px', marginRight: 6 },
} as const;

/** Short text of the spec 5 password rule, used as the password field's description. */
export const PASSWORD_RULE_SUMMARY =
  'Use at least 8 characters, with an uppercase letter, a lowercase letter and a digit.';

function announcement(password: string): string {
  if (password === '') return '';
  const { isValid, rules } = checkPassword(password);
  if (isValid) return 'All password requirements are met.';
  const missing = rules.filter((rule) => !rule.isMet).map((rule) => rule.label.toLowerCase());
  return `Password still needs: ${missing.join(', ')}.`;
}

/**
 * Live feedback on each password sub-rule (spec 5 Password) from the domain's checkPassword; a
 * polite live region tells screen-reader users what is still missing.
 */
export function PasswordRules({ password, id }: { password: string; id: string }) {
  const { rules } = checkPassword(password);
  return (
    <div id={id}>
      <Text size="sm" fw={500} mt={4}>
        Password requirements
      </Text>
      <List size="sm" spacing={2} listStyleType="none" ml={0} pl={0}>
        {rules.map((rule) => (
          <List.Item key={rule.id} c={rule.isMet ? 'teal.9' : 'gray.7'}>
            {rule.isMet ? <IconCheck {...RULE_ICON} /> : <IconCircle {...RULE_ICON} />}
            {rule.label}
            <VisuallyHidden>{rule.isMet ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
          </List.Item>
        ))}
      </List>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement(password)}
      </VisuallyHidden>
    </div>
  );
}
