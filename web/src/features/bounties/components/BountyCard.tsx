import { Badge, Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import type { Bounty } from "@spankbank/shared/contract/bounties";
import { BOUNTY_NOTE_MAX } from "@spankbank/shared/limits";
import { spanks } from "@spankbank/shared/spanks";
import { type FormEvent, useState } from "react";
import { refusalOf } from "@/components/ModalForm";
import { type BountyChange, useChangeBounty } from "../api/changeBounty";

const STATUS_WORDS: Record<Bounty["status"], string> = {
  open: "Open",
  claimed: "Claimed",
  done: "Done, to approve",
  approved: "Paid",
  refunded: "Refunded",
};

/**
 * One bounty, with what the signed-in partner may do with it: the poster withdraws an unclaimed
 * one, approves or sends back a done one; the other claims it and marks it done with a note.
 */
export function BountyCard({ bounty, me, nameOf }: { bounty: Bounty; me: string; nameOf: (u: string) => string }) {
  const change = useChangeBounty();
  const [words, setWords] = useState("");
  const [error, setError] = useState<string | null>(null);
  const mine = bounty.poster === me;
  const act = (next: BountyChange) => {
    setError(null);
    change.mutate(next, {
      onSuccess: () => setWords(""),
      onError: (failure) => setError(refusalOf(failure, "That did not work. Please try again.")),
    });
  };
  const submitWords = (event: FormEvent) => {
    event.preventDefault();
    if (mine) act({ action: "send-back", id: bounty.id, reason: words });
    else act({ action: "done", id: bounty.id, note: words });
  };
  const canFinish = !mine && (bounty.status === "open" || bounty.status === "claimed");
  const canSendBack = mine && bounty.status === "done";
  const headingId = `bounty-${bounty.id}`;
  return (
    <Paper withBorder radius="lg" p="md" component="li" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Text fw={600} id={headingId} style={{ overflowWrap: "anywhere" }}>
            {bounty.title}
          </Text>
          <Badge
            variant="filled"
            color={bounty.status === "done" ? "pink.9" : "gray.8"}
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {bounty.status === "done" && !mine ? `Done, with ${nameOf(bounty.poster)}` : STATUS_WORDS[bounty.status]}
          </Badge>
        </Group>
        <Text size="sm">
          {`${spanks(bounty.reward)} from ${mine ? "you" : nameOf(bounty.poster)}`}
          {bounty.doer
            ? `, ${bounty.status === "approved" ? "paid to" : "claimed by"} ${bounty.doer === me ? "you" : nameOf(bounty.doer)}`
            : ""}
          {bounty.due_date ? `, due ${bounty.due_date}` : ""}
        </Text>
        {bounty.done_note && bounty.status !== "claimed" && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{`“${bounty.done_note}”`}</Text>
        )}
        {bounty.sent_back_reason && bounty.status === "claimed" && (
          <Text size="sm" c="rose">{`Sent back: ${bounty.sent_back_reason}`}</Text>
        )}
        {(canFinish || canSendBack) && (
          <form onSubmit={submitWords}>
            <Stack gap="xs">
              <TextInput
                label={mine ? "Why it's not done yet" : "How it went"}
                value={words}
                maxLength={BOUNTY_NOTE_MAX}
                onChange={(event) => setWords(event.currentTarget.value)}
              />
              <Group gap="xs">
                {!mine && bounty.status === "open" && (
                  <Button
                    variant="default"
                    loading={change.isPending}
                    onClick={() => act({ action: "claim", id: bounty.id })}
                  >
                    Claim
                  </Button>
                )}
                <Button type="submit" variant={mine ? "default" : "filled"} loading={change.isPending}>
                  {mine ? "Send back" : "Mark done"}
                </Button>
                {canSendBack && (
                  <Button loading={change.isPending} onClick={() => act({ action: "approve", id: bounty.id })}>
                    {`Approve and pay ${spanks(bounty.reward)}`}
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        )}
        {mine && bounty.status === "open" && (
          <Group>
            <Button
              variant="default"
              loading={change.isPending}
              onClick={() => act({ action: "withdraw", id: bounty.id })}
            >
              Withdraw and refund
            </Button>
          </Group>
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
