import { Button, Group, Stack, Text } from "@mantine/core";
import type { GuessRating, Question } from "@spankbank/shared/contract/questions";
import { spanks } from "@spankbank/shared/spanks";
import { toast } from "@/lib/toast";
import { useRateGuess } from "../api/guesses";
import type { Partner, Slot } from "../slots";

const RATINGS: { rating: GuessRating; label: string }[] = [
  { rating: "nailed", label: "Nailed it" },
  { rating: "close", label: "Close" },
  { rating: "not_quite", label: "Not quite" },
];
const RATED: Record<GuessRating, string> = { nailed: "Nailed it!", close: "Close", not_quite: "Not quite" };

/**
 * Under a partner's answer, the other's guess of it: side by side once both have answered, where
 * the partner it is about rates it. Before that the server sends a guess only to the one who wrote it.
 */
export function GuessBeside({
  question,
  about,
  guesser,
  readerIsAbout,
}: {
  question: Question;
  /** The partner whose answer was guessed. */
  about: Partner;
  /** The other partner's slot: their guess is of `about`'s answer. */
  guesser: Slot;
  readerIsAbout: boolean;
}) {
  const guess = guesser.answer?.guess;
  const rate = useRateGuess();
  if (!guess) return null;
  const who = readerIsAbout ? guesser.partner.displayName : "Your";
  return (
    <Stack gap={4} mt="xs" aria-label={`${guesser.partner.displayName}'s guess`} role="group">
      <Text size="sm" c="rose" style={{ overflowWrap: "anywhere" }}>
        <Text span fw={700}>
          {readerIsAbout ? `${who} guessed: ` : "Your guess: "}
        </Text>
        {guess.text}
      </Text>
      {guess.rating ? (
        <Text size="sm" fw={600}>
          {RATED[guess.rating]}
        </Text>
      ) : !question.revealed ? (
        <Text size="xs" c="dimmed">{`${about.displayName} sees it once you've both answered.`}</Text>
      ) : readerIsAbout ? (
        <Group gap="xs">
          {RATINGS.map(({ rating, label }) => (
            <Button
              key={rating}
              size="compact-sm"
              variant={rating === "nailed" ? "filled" : "light"}
              loading={rate.isPending && rate.variables?.rating === rating}
              disabled={rate.isPending}
              onClick={() =>
                rate.mutate(
                  { questionId: question.question_id, rating },
                  {
                    onSuccess: ({ reward }) =>
                      toast.success(reward > 0 ? `Nailed it! ${spanks(reward)} each.` : "Thanks for rating it."),
                    onError: () => toast.error("Couldn't save your rating. Please try again."),
                  },
                )
              }
            >
              {label}
            </Button>
          ))}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">{`Waiting for ${about.displayName} to rate it.`}</Text>
      )}
    </Stack>
  );
}
