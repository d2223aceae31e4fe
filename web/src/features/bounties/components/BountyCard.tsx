import { Badge, Button, FileInput, Group, Image, Paper, Stack, Text, TextInput } from "@mantine/core";
import { isBlank } from "@spankbank/shared/blank";
import { addDays, wallClockAt } from "@spankbank/shared/calendar";
import type { Bounty } from "@spankbank/shared/contract/bounties";
import { momentLabel } from "@spankbank/shared/letterMoments";
import { BOUNTY_NOTE_MAX, MEDIA_MAX_BYTES } from "@spankbank/shared/limits";
import { spanks } from "@spankbank/shared/spanks";
import { type FormEvent, useRef, useState } from "react";
import { refusalOf } from "@/components/ModalForm";
import { useMyClock } from "@/lib/favourTime";
import { firstControl, returnFocus, SELECTED_TAB } from "@/lib/returnFocus";
import { isTooLong, textLimitProps } from "@/lib/textLimit";
import { type BountyChange, useChangeBounty } from "../api/changeBounty";

const PHOTO_TYPES = "image/png,image/jpeg,image/gif,image/webp";
const PHOTO_TOO_BIG = `The photo must be at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`;

/** A file's bytes as base64, as the done route takes a photo. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(",") + 1));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The due day as the poster set it. It ends at the poster's midnight: for the partner doing it
 * (`readerZone`, their clock) also when that is, unless it is their midnight too (on a clock
 * behind the poster's, the day shown is hours from over when the bounty can no longer be done).
 */
function dueWords(dueDate: string, dueAt: string | null, readerZone: string | null): string {
  if (readerZone === null || dueAt === null) return dueDate;
  const ends = new Date(dueAt);
  if (wallClockAt(ends, readerZone) === `${addDays(dueDate, 1)}T00:00`) return dueDate;
  return `${dueDate} (until ${momentLabel(ends, readerZone)} your time)`;
}

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
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Sending with nothing said: named on the field, and nothing (not even the photo) is sent.
  const [wordsMissing, setWordsMissing] = useState(false);
  const mine = bounty.poster === me;
  const { timeZone } = useMyClock();
  const card = useRef<HTMLLIElement>(null);
  const act = (next: BountyChange) => {
    setError(null);
    change.mutate(next, {
      // Each action disables or removes its own button: the keyboard goes on from this card's first
      // button left, else the selected tab.
      onSettled: () =>
        returnFocus(
          () =>
            (card.current?.isConnected ? firstControl(["button"], card.current) : null) ?? firstControl([SELECTED_TAB]),
        ),
      // Only what sent the words and photo clears them: a claim keeps the note being typed.
      onSuccess: () => {
        if (next.action !== "done" && next.action !== "send-back") return;
        setWords("");
        setPhoto(null);
      },
      onError: (failure) => setError(refusalOf(failure, "That did not work. Please try again.")),
    });
  };
  const submitWords = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlank(words)) return setWordsMissing(true);
    if (mine) return act({ action: "send-back", id: bounty.id, reason: words, doneAt: bounty.done_at });
    if (photo && photo.size > MEDIA_MAX_BYTES) return setError(PHOTO_TOO_BIG);
    act({ action: "done", id: bounty.id, note: words, ...(photo ? { photo: await base64Of(photo) } : {}) });
  };
  const canFinish = !mine && (bounty.status === "open" || bounty.status === "claimed");
  const canSendBack = mine && bounty.status === "done";
  const headingId = `bounty-${bounty.id}`;
  return (
    <Paper ref={card} withBorder radius="lg" p="md" component="li" aria-labelledby={headingId}>
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
          {bounty.due_date ? `, due ${dueWords(bounty.due_date, bounty.due_at, mine ? null : timeZone)}` : ""}
        </Text>
        {bounty.done_note && bounty.status !== "claimed" && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{`“${bounty.done_note}”`}</Text>
        )}
        {bounty.done_photo && (bounty.status === "done" || bounty.status === "approved") && (
          <Image
            src={bounty.done_photo}
            alt={`${bounty.doer ? nameOf(bounty.doer) : "The"}'s photo of “${bounty.title}” done`}
            radius="md"
            h={180}
            w="auto"
            fit="contain"
            loading="lazy"
          />
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
                onChange={(event) => {
                  setWords(event.currentTarget.value);
                  setWordsMissing(false);
                }}
                {...textLimitProps(words, BOUNTY_NOTE_MAX)}
                {...(wordsMissing && { error: mine ? "Say why it's not done yet." : "Say how it went." })}
              />
              {!mine && (
                <FileInput
                  label="Photo (optional)"
                  placeholder="Choose a photo"
                  accept={PHOTO_TYPES}
                  value={photo}
                  onChange={setPhoto}
                  clearable
                />
              )}
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
                <Button
                  type="submit"
                  variant={mine ? "default" : "filled"}
                  loading={change.isPending}
                  disabled={isTooLong(words, BOUNTY_NOTE_MAX)}
                >
                  {mine ? "Send back" : "Mark done"}
                </Button>
                {canSendBack && (
                  <Button
                    loading={change.isPending}
                    onClick={() => act({ action: "approve", id: bounty.id, doneAt: bounty.done_at })}
                  >
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
