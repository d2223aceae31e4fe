import { Alert, Code, Text } from "@mantine/core";
import { BACKUP_OVERDUE_MS } from "@spankbank/shared/limits";
import type { ReactNode } from "react";
import { formatDateTime } from "@/lib/view";
import { useBackupHealth } from "../api/getBackupHealth";

const when = (iso: string) => formatDateTime(iso, { dateStyle: "medium", timeStyle: "short" });

/**
 * Shown to both partners while backups are not kept, until one is kept again: what happened, and
 * the command that shows the details; or, when none failed but the last one kept is over a day old,
 * that one was missed. Nothing at all while backups are fine.
 */
export function BackupAlert() {
  const { data } = useBackupHealth();
  const failing = data?.failing;
  if (!failing) {
    const lastKept = data?.last_kept_at;
    if (!lastKept || Date.now() - Date.parse(lastKept) <= BACKUP_OVERDUE_MS) return null;
    return (
      <BackupsNeedAttention>
        <Text size="sm">
          {`The last backup kept is from ${when(lastKept)}: none was taken since. Was the server off at night? It takes a missed one a few minutes after it starts, and `}
          <Code>npm run backup</Code>
          {" on the server takes one now."}
        </Text>
      </BackupsNeedAttention>
    );
  }
  return (
    <BackupsNeedAttention>
      <Text size="sm">{failing.message.charAt(0).toUpperCase() + failing.message.slice(1)}</Text>
      <Text size="sm" mt="xs" c="dimmed">
        {`Not kept since ${when(failing.since)}; last tried ${when(failing.last_tried_at)}. ${
          data.last_kept_at
            ? `The last backup kept is from ${when(data.last_kept_at)}.`
            : "No backup has been kept yet."
        }`}
      </Text>
    </BackupsNeedAttention>
  );
}

function BackupsNeedAttention({ children }: { children: ReactNode }) {
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
      {children}
    </Alert>
  );
}
