import { Alert, Text } from "@mantine/core";
import { formatDateTime } from "@/lib/view";
import { useBackupHealth } from "../api/getBackupHealth";

const when = (iso: string) => formatDateTime(iso, { dateStyle: "medium", timeStyle: "short" });

/**
 * Shown to both partners while backups are not kept, until one is kept again: what happened, and
 * the command that shows the details. Nothing at all while backups are fine.
 */
export function BackupAlert() {
  const { data } = useBackupHealth();
  const failing = data?.failing;
  if (!failing) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      mb="lg"
      title="Backups need attention"
      role="alert"
      // Orange text on the light orange reads at 3.6:1: the title takes the page's text colour.
      styles={{ title: { color: "var(--mantine-color-text)" } }}
    >
      <Text size="sm">{failing.message.charAt(0).toUpperCase() + failing.message.slice(1)}</Text>
      <Text size="sm" mt="xs" c="dimmed">
        {`Not kept since ${when(failing.since)}; last tried ${when(failing.last_tried_at)}. ${
          data.last_kept_at
            ? `The last backup kept is from ${when(data.last_kept_at)}.`
            : "No backup has been kept yet."
        }`}
      </Text>
    </Alert>
  );
}
