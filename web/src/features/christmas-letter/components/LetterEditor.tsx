import { Button, Group, Paper, Text, Textarea, Title } from "@mantine/core";
import { LETTER_MAX } from "@spankbank/shared/limits";
import { DraftNotice } from "@/components/DraftNotice";
import { useDraft } from "@/lib/draft";
import { returnFocus } from "@/lib/returnFocus";
import { isTooLong, textLimitProps } from "@/lib/textLimit";
import { toast } from "@/lib/toast";
import { LETTER_DRAFT, useWriteLetter } from "../api/putLetter";

/** The version name of a letter not written yet (ChristmasLetterPage's `savedAt`). */
export const NO_LETTER_YET = "new";

/**
 * 'Write your letter': the signed-in partner's own letter to the other, saved to the server; until
 * then, kept on this device as it is typed.
 */
export function LetterEditor({ partner, draft, savedAt }: { partner: string; draft: string; savedAt: string }) {
  const words = useDraft(LETTER_DRAFT, draft, savedAt);
  const { value: text, set: setText } = words;
  const write = useWriteLetter();

  // Based on the version this page shows: one saved since on another device is never replaced unseen.
  const save = () =>
    write.mutate(
      { text, basedOn: savedAt === NO_LETTER_YET ? null : savedAt },
      {
        onSuccess: (reply) => {
          words.saved(text, reply.draft?.updated_at ?? savedAt);
          toast.success(`Your letter to ${partner} is sealed in its envelope.`);
          // The page draws the editor anew for the saved version: the keyboard goes on from its Save.
          returnFocus(() =>
            document
              .getElementById("write-letter")
              ?.closest("section")
              ?.querySelector<HTMLElement>("button[type=submit]"),
          );
        },
        onError: (error) => toast.error(`Your letter was not saved: ${error.message}`),
      },
    );

  return (
    <Paper component="section" withBorder radius="lg" p={{ base: "md", sm: "xl" }} aria-labelledby="write-letter">
      <Title order={2} id="write-letter" mb={4}>
        Write your letter
      </Title>
      <Text c="dimmed" mb="md">
        {partner} will find it in the envelope here. Leave a blank line between paragraphs; wrap words in *stars* for
        emphasis or **double stars** to make them strong.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Textarea
          label={`Your letter to ${partner}`}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          {...textLimitProps(text, LETTER_MAX)}
          rows={10}
          styles={{ input: { fontFamily: "var(--mantine-font-family-headings)", fontSize: 17, lineHeight: 1.6 } }}
        />
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={write.isPending} disabled={text.trim() === "" || isTooLong(text, LETTER_MAX)}>
            Save letter
          </Button>
        </Group>
        <DraftNotice
          draft={words}
          mt={6}
          notSent="Not saved yet: kept on this device until you save it."
          sentElsewhere="Your letter was saved on another device since you wrote these words here. Saving replaces it with these."
          showSent="Show the saved one instead"
        />
      </form>
    </Paper>
  );
}
