import { Center, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import type { transaction } from "@spankbank/shared/contract/economy";
import { useState } from "react";
import type { z } from "zod";
import { Pager } from "@/components/Pager";
import { formatDateTime } from "@/lib/view";
import { useTransactions } from "../api/getTransactions";
import classes from "./spankBank.module.css";

type Line = z.infer<typeof transaction>;

const when = (iso: string) => formatDateTime(iso, { dateStyle: "medium", timeStyle: "short" });

/** The signed-in partner's statement: every spank in and out, newest first, paged. */
export function HistoryModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const statement = useTransactions(page, opened);
  const close = () => {
    onClose();
    setPage(1);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Your spank history"
      closeButtonProps={{ "aria-label": "Close your history" }}
      size="lg"
      centered
    >
      {statement.isError ? (
        <Text>Could not load your history. Please try again later.</Text>
      ) : statement.data === undefined ? (
        <Center py="lg">
          <Loader aria-label="Loading your history" />
        </Center>
      ) : statement.data.transactions.length === 0 ? (
        <Text>No spanks have moved yet.</Text>
      ) : (
        <Stack gap="md">
          <ol className={classes.statement} aria-label="Transactions, newest first">
            {statement.data.transactions.map((line) => (
              <StatementLine key={line.id} line={line} />
            ))}
          </ol>
          {statement.data.pageCount > 1 && <Pager total={statement.data.pageCount} value={page} onChange={setPage} />}
        </Stack>
      )}
    </Modal>
  );
}

function StatementLine({ line }: { line: Line }) {
  const incoming = line.amount > 0;
  return (
    <li className={classes.statementLine}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {line.memo}
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={line.created_at}>{when(line.created_at)}</time>
          </Text>
        </div>
        <div style={{ textAlign: "right", flexShrink: 0 }}>
          <Text fw={700} c={incoming ? "var(--app-good-text)" : "rose"}>
            {incoming ? `+${line.amount}` : `−${-line.amount}`}
          </Text>
          <Text size="sm" c="dimmed">{`Balance ${line.balance_after}`}</Text>
        </div>
      </Group>
    </li>
  );
}
