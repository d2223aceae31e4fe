import { Button, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import type { SessionReply } from "@spankbank/shared/contract/auth";
import { SEARCH_MAX } from "@spankbank/shared/limits";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Pager } from "@/components/Pager";
import { formatDate, formatDateTime } from "@/lib/view";
import { useQuestionPage } from "../api/getQuestions";
import { otherSlot, type Slot, sealedText, slotsOf } from "../slots";
import { GuessBeside } from "./GuessBeside";
import { type Answering, ResponseModal } from "./ResponseModal";

/** A guess can still be written while the partner's answer is not in view (none yet, or sealed). */
function guessStillOpen(other: Slot | undefined): boolean {
  return other !== undefined && (!other.answer || other.answer.sealed === true);
}

/** How long typing pauses before the search is sent: a word is one read, not one per letter. */
const SEARCH_PAUSE_MS = 250;

/**
 * The search box's own text, sent to the URL (and so to the server) once typing pauses. The URL's
 * search reaches the box only when it changed from elsewhere (back, forward, a link): a search the
 * box sent arrives after the server answered, and by then more may have been typed.
 */
function useSearchBox(search: string, onSearch: (search: string) => void) {
  const [typed, setTyped] = useState(search);
  const sent = useRef<string[]>([]);
  const send = useDebouncedCallback((value: string) => {
    sent.current.push(value);
    onSearch(value);
  }, SEARCH_PAUSE_MS);
  useEffect(() => {
    const ours = sent.current.indexOf(search);
    if (ours >= 0) {
      sent.current = sent.current.slice(ours + 1);
      return;
    }
    sent.current = [];
    setTyped(search);
  }, [search]);
  const type = (value: string) => {
    setTyped(value);
    send(value);
  };
  return [typed, type] as const;
}

/**
 * The Q&A page (SPEC: Q & A): search, two response slots per question, the response modal. One
 * page of questions at a time, searched on the server: years of them are megabytes.
 */
export function AllQuestions({
  signedIn,
  search,
  onSearch,
  page,
  onPage,
  guessed,
  onGuessed,
}: {
  signedIn: SessionReply;
  search: string;
  onSearch: (search: string) => void;
  page: number;
  onPage: (page: number) => void;
  /** Only the questions with a guess you can see. */
  guessed: boolean;
  onGuessed: (guessed: boolean) => void;
}) {
  const { data, isPending } = useQuestionPage(page, search, guessed);
  const [typed, type] = useSearchBox(search, onSearch);
  const [answering, setAnswering] = useState<Answering | null>(null);
  // The question last answered: the button that opened the modal is gone once it is answered.
  const answered = useRef<number | null>(null);
  const focusAnsweredSlot = () => {
    const stranded = document.activeElement === null || document.activeElement === document.body;
    if (stranded && answered.current !== null) document.getElementById(ownSlotId(answered.current))?.focus();
  };
  const questions = data?.questions ?? [];
  // The open form follows its answer as last read: changed elsewhere since, the form says so.
  const open = answering && questions.find((question) => question.question_id === answering.question.question_id);
  const openSlots = open ? slotsOf(open, signedIn.couple.partners) : [];
  const mySlot = openSlots.find((slot) => slot.partner.username === signedIn.user.username);
  const mine = mySlot?.answer;
  const shown =
    answering && open
      ? {
          ...answering,
          question: open,
          initial: mine?.response ?? "",
          basedOn: mine?.created_at ?? null,
          // The partner's answer in view since the form opened: no guess can be written any more.
          guess: mySlot && guessStillOpen(otherSlot(openSlots, mySlot)) ? answering.guess : null,
        }
      : answering;

  return (
    <Stack gap="md">
      <TextInput
        placeholder="Search questions..."
        aria-label="Search questions"
        // As long as a search may be (a longer one in the address is not read: every question would show).
        maxLength={SEARCH_MAX}
        value={typed}
        onChange={(event) => type(event.currentTarget.value)}
        size="md"
        radius="xl"
      />
      <Group>
        <Switch
          label="Only the ones we guessed"
          checked={guessed}
          onChange={(event) => onGuessed(event.currentTarget.checked)}
        />
      </Group>
      {isPending ? (
        <Text c="dimmed">Loading...</Text>
      ) : questions.length === 0 ? (
        <Text>No questions found.</Text>
      ) : (
        questions.map((question) => (
          <Card key={question.question_id} withBorder radius="lg" padding="lg" shadow="xs" component="article">
            <Text size="lg" fw={600} mb={4}>
              {question.question}
            </Text>
            <Text size="xs" c="dimmed" mb="sm">
              {`Asked ${formatDate(question.asked_at)}`}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {slotsOf(question, signedIn.couple.partners).map((slot, _, slots) => {
                const isOwner = slot.partner.username === signedIn.user.username;
                const other = otherSlot(slots, slot);
                return (
                  <ResponseSlot
                    key={slot.partner.username}
                    slot={slot}
                    isOwner={isOwner}
                    id={isOwner ? ownSlotId(question.question_id) : undefined}
                    onAnswer={(initial) => {
                      answered.current = question.question_id;
                      const guessOpen = guessStillOpen(other);
                      setAnswering({
                        question,
                        initial,
                        basedOn: slot.answer?.created_at ?? null,
                        responseName: slot.partner.responseName,
                        guess:
                          guessOpen && other
                            ? { partner: other.partner, initial: slot.answer?.guess?.text ?? "" }
                            : null,
                      });
                    }}
                  >
                    {other && (
                      <GuessBeside question={question} about={slot.partner} guesser={other} readerIsAbout={isOwner} />
                    )}
                  </ResponseSlot>
                );
              })}
            </SimpleGrid>
          </Card>
        ))
      )}
      {data && <Pager total={data.pageCount} value={data.page} onChange={onPage} />}
      <ResponseModal answering={shown} onClose={() => setAnswering(null)} onClosed={focusAnsweredSlot} />
    </Stack>
  );
}

const ownSlotId = (questionId: number) => `own-answer-${questionId}`;

function ResponseSlot({
  id,
  slot,
  isOwner,
  onAnswer,
  children,
}: {
  id: string | undefined;
  slot: Slot;
  isOwner: boolean;
  onAnswer: (initial: string) => void;
  /** The other's guess of this answer. */
  children: ReactNode;
}) {
  const { partner, answer } = slot;
  return (
    <Stack
      id={id}
      tabIndex={id ? -1 : undefined}
      aria-label={id ? "Your answer" : undefined}
      role={id ? "group" : undefined}
      gap={4}
      p="md"
      bg="var(--app-tint)"
      style={{ borderRadius: "var(--mantine-radius-md)" }}
    >
      <Text fw={700} c="rose">
        {partner.displayName}
      </Text>
      {!answer ? (
        isOwner ? (
          <UnstyledButton onClick={() => onAnswer("")} c="rose" td="underline">
            You haven't responded yet. Click here to add your response.
          </UnstyledButton>
        ) : (
          <Text fs="italic" c="dimmed">{`"${partner.displayName} hasn't responded yet."`}</Text>
        )
      ) : answer.sealed ? (
        <Text c="dimmed">{sealedText(partner)}</Text>
      ) : (
        <>
          <Text style={{ overflowWrap: "anywhere" }}>{answer.response}</Text>
          <Text size="sm" c="dimmed">
            {`${partner.displayName}${answer.created_at ? ` · ${formatDateTime(answer.created_at, { dateStyle: "medium", timeStyle: "short" })}` : ""}`}
          </Text>
          {isOwner && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => onAnswer(answer.response)}
              style={{ alignSelf: "flex-start" }}
            >
              Edit your answer
            </Button>
          )}
        </>
      )}
      {children}
    </Stack>
  );
}
