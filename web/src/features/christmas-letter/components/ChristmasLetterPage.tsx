import { Stack, Text } from "@mantine/core";
import { useLetter } from "../api/getLetter";
import { Envelope } from "./Envelope";
import { LetterEditor, NO_LETTER_YET } from "./LetterEditor";

/** Until the partner has written, the envelope still holds something warm. */
export const defaultLetter = (reader: string, writer: string) => `Dear ${reader},

${writer} hasn't sealed their letter in here yet, so this one keeps the envelope warm until they do.

*Some things are worth waiting for,* and the words of the person who loves you most are one of them.

**Check back soon.** Something wonderful is on its way.`;

/** The Christmas letter page: the envelope with your partner's letter, and the editor for yours. */
export function ChristmasLetterPage({ me, partner }: { me: string; partner: string }) {
  const { data, isPending, isLoadingError } = useLetter();
  if (isLoadingError) return <Text role="alert">Could not load the letters. Please try again later.</Text>;
  if (isPending || !data) return <Text>Loading...</Text>;
  const savedAt = data.draft?.updated_at ?? NO_LETTER_YET;
  return (
    <Stack gap={48}>
      <Envelope
        reader={me}
        writer={partner}
        text={data.letter?.text ?? defaultLetter(me, partner)}
        hint={data.letter ? `${partner} wrote you a letter. Open the envelope.` : "Open the envelope."}
      />
      <LetterEditor key={savedAt} partner={partner} draft={data.draft?.text ?? ""} savedAt={savedAt} />
    </Stack>
  );
}
