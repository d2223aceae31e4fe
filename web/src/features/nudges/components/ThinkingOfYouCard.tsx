import { Button, Stack, Text, TextInput } from "@mantine/core";
import { NUDGE_DAILY_LIMIT, NUDGE_LINE_MAX } from "@spankbank/shared/limits";
import { thinkingOfYouText, thoughtOfYouText } from "@spankbank/shared/nudges";
import { type FormEvent, useState } from "react";
import { DashboardCard } from "@/components/DashboardCard";
import { HeartIcon } from "@/components/HeartIcon";
import { newWrite, wroteNothing } from "@/lib/api";
import { closeIfWrittenAlready } from "@/lib/writtenAlready";
import { useNudges } from "../api/getNudges";
import { useSendNudge } from "../api/sendNudge";

/**
 * The dashboard's "Thinking of you": how often the partner thought of you today (your day), and
 * the heart that tells them you are thinking of them, with an optional short line.
 */
export function ThinkingOfYouCard({ me, partner }: { me: string; partner: string }) {
  const { data, isPending } = useNudges();
  const send = useSendNudge();
  const [line, setLine] = useState("");
  // One thought until the server answers it: the line fixed after a lost answer is that thought, not a second one.
  const [write, setWrite] = useState(newWrite);
  const sent = () => {
    setLine("");
    setWrite(newWrite());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = line.trim();
    send.mutate(trimmed ? { line: trimmed, write } : { write }, {
      onSuccess: sent,
      onError: (error) => {
        // Sent already (the first tap's answer was lost): nothing more was, and the card says so.
        if (
          closeIfWrittenAlready(error, () => {
            sent();
            send.reset();
          })
        )
          return;
        if (wroteNothing(error)) setWrite(newWrite());
      },
    });
  };
  const left = data?.left_today ?? NUDGE_DAILY_LIMIT;
  return (
    <DashboardCard title="Thinking of you" loading={isPending} reserve={170}>
      <Stack gap="sm">
        <Text size="lg" fw={600}>
          {data?.received_today
            ? thoughtOfYouText(partner, data.received_today)
            : `No thoughts from ${partner} yet today`}
        </Text>
        <form onSubmit={submit} aria-label={`Tell ${partner} you're thinking of them`}>
          <Stack gap="xs">
            <TextInput
              label="A short line (optional)"
              value={line}
              maxLength={NUDGE_LINE_MAX}
              onChange={(event) => setLine(event.currentTarget.value)}
              disabled={left === 0}
            />
            <Button
              type="submit"
              size="md"
              leftSection={<HeartIcon size={20} />}
              loading={send.isPending}
              disabled={left === 0}
            >
              {`Thinking of ${partner}`}
            </Button>
          </Stack>
        </form>
        {send.isError ? (
          <Text c="red" role="alert">
            {send.error.message}
          </Text>
        ) : (
          <Text c="dimmed" size="sm" role="status">
            {send.isSuccess ? `${partner} will see "${thinkingOfYouText(me)}". ` : ""}
            {left === 0 ? `That's your ${NUDGE_DAILY_LIMIT} for today.` : `You can send ${left} more today.`}
          </Text>
        )}
      </Stack>
    </DashboardCard>
  );
}
