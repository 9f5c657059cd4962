import { Button, Group } from '@mantine/core';

/** Save and Cancel buttons at the foot of a section editor. */
export function EditorActions({ isSaving, onCancel }: { isSaving: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel} disabled={isSaving}>
        Cancel
      </Button>
      <Button type="submit" loading={isSaving}>
        Save
      </Button>
    </Group>
  );
}
