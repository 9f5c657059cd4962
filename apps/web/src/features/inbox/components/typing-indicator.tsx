import { Text } from '@mantine/core';
import { useTypingUsers } from '../../../lib/realtime-hooks';
import { typingText } from '../../../lib/realtime-typing';

/** '{name} is typing…' under a thread, cleared 3 seconds after the last typing signal (spec 4, spec 9). */
export function TypingIndicator({
  threadId,
  names,
}: {
  threadId: string;
  names: Readonly<Record<string, string>>;
}) {
  const typing = useTypingUsers(threadId);
  const text = typingText(typing.map((id) => names[id] ?? 'Someone'));
  return (
    <Text size="sm" c="gray.8" fs="italic" aria-live="polite" mih={22} data-testid="typing-indicator">
      {text ?? ''}
    </Text>
  );
}
