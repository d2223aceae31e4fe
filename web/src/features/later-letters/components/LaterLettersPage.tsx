import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { SessionReply } from "@spankbank/shared/contract/auth";
import type { LaterLetter } from "@spankbank/shared/contract/laterLetters";
import { momentLabel, nextAnniversaryOpening, openWhenLabel } from "@spankbank/shared/letterMoments";
import { useQuery } from "@tanstack/react-query";
import { type RefObject, useRef, useState } from "react";
import { Pager } from "@/components/Pager";
import { isChangedSince } from "@/lib/api";
import { returnFocus } from "@/lib/returnFocus";
import { toast } from "@/lib/toast";
import { type LetterPages, laterLetterQueryOptions, useLaterLetters } from "../api/getLaterLetters";
import { useOpenLaterLetter } from "../api/openLaterLetter";
import { useTakeBackLaterLetter } from "../api/takeBackLaterLetter";
import classes from "./laterLetters.module.css";
import { WriteLaterLetter } from "./WriteLaterLetter";

type PartnerSummary = SessionReply["couple"]["partners"][number];

interface People {
  me: PartnerSummary;
  partner: PartnerSummary;
}

/** "Thu 24 Dec, 08:00" on a clock. */
const onClock = (iso: string, timeZone: string) => momentLabel(new Date(iso), timeZone, new Date());

/** What an envelope says about its moment, on the reader's clock ("your time") or the partner's. */
function momentText(letter: LaterLetter, timeZone: string, whose: string): string {
  if (letter.opening.kind === "openWhen") return openWhenLabel(letter.opening.moment);
  const when = `${onClock(letter.opens_at!, timeZone)} ${whose}`;
  const verb = letter.state === "sealed" ? "opens" : "opened";
  return letter.opening.kind === "anniversary"
    ? `For our anniversary: ${verb} ${when}`
    : `${verb[0]!.toUpperCase()}${verb.slice(1)} ${when}`;
}

/**
 * Letters for later: envelopes waiting for you, a letter to write, and the ones you sent; a page of
 * each at a time, each list with its own pager (one partner may write many more than the other).
 */
export function LaterLettersPage({
  me,
  partner,
  pages,
  onPages,
}: People & { pages: LetterPages; onPages: (pages: LetterPages) => void }) {
  const { data, isError } = useLaterLetters(pages);
  const forYouHeading = useRef<HTMLHeadingElement>(null);
  const youWroteHeading = useRef<HTMLHeadingElement>(null);
  // The page stays where it is (the other list and the form keep their place): the list paged comes into view.
  const turn = (next: LetterPages, heading: RefObject<HTMLHeadingElement | null>) => {
    onPages(next);
    heading.current?.scrollIntoView({ block: "start" });
  };
  const [opened, setEditing] = useState<LaterLetter | null>(null);
  // The letter being edited as last read: sealed again on another device, the form says so. Off
  // the page shown (paged away from, or pushed to the next page by a newer letter), it is read by itself.
  const shown = opened && data?.from_you.find((letter) => letter.id === opened.id);
  const alone = useQuery({ ...laterLetterQueryOptions(opened?.id ?? 0), enabled: opened !== null && !shown });
  // Once read, the page stays when a later read fails: the letter being edited stays open.
  if (!data) return <Text>{isError ? "Your letters could not be loaded. Try again in a moment." : "Loading..."}</Text>;
  const editing = opened && (shown ?? alone.data?.letter ?? opened);
  const anniversary = data.anniversary ? nextAnniversaryOpening(data.anniversary, partner.timeZone, new Date()) : null;
  return (
    <Stack gap={40}>
      <Text size="lg">
        {`Words for the right moment: a letter ${partner.displayName} opens on a day you choose, on your anniversary, or whenever they need it most. It stays sealed until then.`}
      </Text>
      <section aria-labelledby="for-you">
        <Title order={2} id="for-you" mb="md" ref={forYouHeading}>
          Waiting for you
        </Title>
        {data.to_you.length === 0 ? (
          <Text c="dimmed">{`No letters from ${partner.displayName} yet. When one arrives, its envelope waits here.`}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {data.to_you.map((letter) => (
              <EnvelopeForYou key={letter.id} letter={letter} me={me} partner={partner} />
            ))}
          </SimpleGrid>
        )}
        <Pager
          total={data.to_you_page_count}
          value={data.to_you_page}
          onChange={(toYou) => turn({ ...pages, toYou }, forYouHeading)}
          label={`Letters from ${partner.displayName}`}
          mt="lg"
        />
      </section>
      <WriteLaterLetter
        key={editing?.id ?? "new"}
        partner={partner}
        editing={editing}
        mine={data.from_you}
        anniversary={anniversary && { label: onClock(anniversary.at.toISOString(), partner.timeZone) }}
        onDone={() => setEditing(null)}
        onEdit={setEditing}
      />
      <section aria-labelledby="you-wrote">
        <Title order={2} id="you-wrote" mb="md" ref={youWroteHeading} tabIndex={-1}>
          {`Letters you wrote to ${partner.displayName}`}
        </Title>
        {data.from_you.length === 0 ? (
          <Text c="dimmed">None yet.</Text>
        ) : (
          <Stack gap="md">
            {data.from_you.map((letter) => (
              <LetterYouWrote key={letter.id} letter={letter} partner={partner} onEdit={() => setEditing(letter)} />
            ))}
          </Stack>
        )}
        <Pager
          total={data.from_you_page_count}
          value={data.from_you_page}
          onChange={(fromYou) => turn({ ...pages, fromYou }, youWroteHeading)}
          label={`Letters you wrote to ${partner.displayName}`}
          mt="lg"
        />
      </section>
    </Stack>
  );
}

/** One envelope written to you: sealed (its moment only), ready to open, or open and readable. */
function EnvelopeForYou({ letter, me, partner }: { letter: LaterLetter } & People) {
  const open = useOpenLaterLetter();
  const [confirming, setConfirming] = useState(false);
  const openIt = () =>
    open.mutate(letter.id, {
      onSuccess: () => {
        setConfirming(false);
        // Its button gives way to the letter: the keyboard goes on from the letter's heading.
        returnFocus(() => document.getElementById(headingId));
      },
      onError: (error) => toast.error(`The letter did not open: ${error.message}`),
    });
  const headingId = `envelope-${letter.id}`;
  const moment = momentText(letter, me.timeZone, "your time");
  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p="lg"
      className={letter.state === "open" ? classes.openLetter : classes.envelope}
    >
      <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
        <Title order={3} id={headingId} size="h4" tabIndex={-1}>
          {`From ${partner.displayName}`}
        </Title>
        <Badge variant="filled" color={letter.state === "sealed" ? "grape.9" : "pink.9"}>
          {letter.state === "sealed" ? "Sealed" : letter.state === "ready" ? "Ready to open" : "Opened"}
        </Badge>
      </Group>
      <Text fw={600} mb="sm">
        {moment}
      </Text>
      {letter.state === "open" && letter.text !== null ? (
        <Text className={classes.letterText}>{letter.text}</Text>
      ) : letter.state === "sealed" ? (
        <Text size="sm" c="dimmed">
          {"It stays sealed until then: not even a peek."}
        </Text>
      ) : letter.opening.kind === "openWhen" ? (
        <Button variant="light" onClick={() => setConfirming(true)}>
          Open this letter
        </Button>
      ) : (
        <Button onClick={openIt} loading={open.isPending}>
          Open this letter
        </Button>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`${openWhenLabel(letter.opening.kind === "openWhen" ? letter.opening.moment : "sad")}?`}
        centered
        closeButtonProps={{ "aria-label": "Close without opening" }}
      >
        <Text mb="lg">
          {`${partner.displayName} wrote this one for that moment. Open it now? ${partner.displayName} will see that you did.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Not now
          </Button>
          <Button onClick={openIt} loading={open.isPending}>
            Open it
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}

/** One of your own letters: its moment on the partner's clock, whether it opened, edit and take back. */
function LetterYouWrote({
  letter,
  partner,
  onEdit,
}: {
  letter: LaterLetter;
  partner: PartnerSummary;
  onEdit: () => void;
}) {
  const takeBack = useTakeBackLaterLetter();
  const [confirming, setConfirming] = useState(false);
  const waiting = letter.state === "sealed" || (letter.opening.kind === "openWhen" && letter.state === "ready");
  const status =
    letter.state === "open"
      ? `${partner.displayName} opened it ${onClock(letter.opened_at!, partner.timeZone)} their time.`
      : letter.state === "ready"
        ? letter.opening.kind === "openWhen"
          ? `Waiting for ${partner.displayName} to need it.`
          : `It has opened; ${partner.displayName} has not read it yet.`
        : "Sealed.";
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: "1 1 240px", minWidth: 0 }}>
          <Text fw={600}>{momentText(letter, partner.timeZone, `${partner.displayName}'s time`)}</Text>
          <Text size="sm" c="dimmed">
            {status}
          </Text>
          <Text size="sm" lineClamp={2} className={classes.letterText}>
            {letter.text}
          </Text>
        </Stack>
        {waiting && (
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={onEdit}>
              Edit
            </Button>
            <Button variant="default" c="red" size="xs" onClick={() => setConfirming(true)}>
              Take back
            </Button>
          </Group>
        )}
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Take this letter back?"
        centered
        closeButtonProps={{ "aria-label": "Close and keep it" }}
      >
        <Text mb="lg">{`${partner.displayName} will never see it. This cannot be undone.`}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button
            color="red.9"
            loading={takeBack.isPending}
            onClick={() =>
              takeBack.mutate(
                { id: letter.id, basedOn: letter.updated_at },
                {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success("You took the letter back.");
                    // The letter and its button are gone: the keyboard goes on from the list's heading.
                    returnFocus(() => document.getElementById("you-wrote"));
                  },
                  onError: (error) => {
                    // Changed since (sealed again elsewhere, or opened): closed, so the letter as it is now shows.
                    if (isChangedSince(error)) {
                      setConfirming(false);
                      toast.error(error.message);
                    } else toast.error(`The letter was not taken back: ${error.message}`);
                  },
                },
              )
            }
          >
            Take it back
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
