import { Button, Group, Text } from "@mantine/core";

/**
 * The line under a form whose words are kept on this device until they are sent (`useDraft`): that
 * they are not sent yet, or that another version was sent from another device since they were typed
 * (sending replaces it), with a button to show that version instead.
 */
export function DraftNotice({
  draft,
  notSent,
  sentElsewhere,
  showSent,
  mt,
}: {
  draft: { unsaved: boolean; savedElsewhere: boolean; forget: () => void };
  /** Left out: a form whose words not sent yet need no line (the spec's own modal). */
  notSent?: string;
  sentElsewhere: string;
  showSent: string;
  mt: number;
}) {
  if (draft.savedElsewhere) {
    return (
      <Group gap="xs" mt={mt} wrap="wrap">
        <Text size="xs" c="dimmed">
          {sentElsewhere}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={draft.forget}>
          {showSent}
        </Button>
      </Group>
    );
  }
  return draft.unsaved && notSent ? (
    <Text size="xs" c="dimmed" mt={mt}>
      {notSent}
    </Text>
  ) : null;
}
