import { Button, Chip, Group, Paper, Radio, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import type { SessionReply } from "@spankbank/shared/contract/auth";
import type { LaterLetter, LetterOpening } from "@spankbank/shared/contract/laterLetters";
import { OPEN_WHEN_MOMENTS, type OpenWhenMoment, openWhenLabel } from "@spankbank/shared/letterMoments";
import { LATER_LETTER_MAX } from "@spankbank/shared/limits";
import { useIsMutating } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { DraftNotice } from "@/components/DraftNotice";
import { newWrite, wroteNothing } from "@/lib/api";
import { useDraft } from "@/lib/draft";
import { returnFocus } from "@/lib/returnFocus";
import { isTooLong, textLimitProps } from "@/lib/textLimit";
import { toast } from "@/lib/toast";
import { closeIfWrittenAlready } from "@/lib/writtenAlready";
import { laterLetterKeys } from "../api/keys";
import { sealedUnder, useWriteLaterLetter } from "../api/writeLaterLetter";
import { formSeals, type LetterForm, NEW_LETTER_DRAFT, openingOf } from "../letterForm";

type PartnerSummary = SessionReply["couple"]["partners"][number];

type Kind = LetterOpening["kind"];

/** What a new letter sends: its words and its moment. */
type LetterBody = { text: string; opening: LetterOpening };

/** Write (or edit) a letter for later: the words, and the moment it opens on the partner's clock. */
export function WriteLaterLetter({
  partner,
  editing,
  mine,
  anniversary,
  onDone,
  onEdit,
}: {
  partner: PartnerSummary;
  editing: LaterLetter | null;
  /** The partner's own letters as the page shows them. */
  mine: readonly LaterLetter[];
  /** The next anniversary opening on the partner's clock, when the couple has one. */
  anniversary: { label: string } | null;
  onDone: () => void;
  /** Edit one of your letters: the one a new letter's first try sealed, its answer lost. */
  onEdit: (letter: LaterLetter) => void;
}) {
  const opening = editing?.opening;
  const saved: LetterForm = {
    text: editing?.text ?? "",
    kind: opening?.kind ?? "date",
    date: opening?.kind === "date" ? opening.date : "",
    time: opening?.kind === "date" ? opening.time : "08:00",
    moment: opening?.kind === "openWhen" ? opening.moment : "sad",
  };
  // Until it is sealed, what is written is kept on this device as it is typed.
  const draft = useDraft(
    editing ? `later-letter:${editing.id}` : NEW_LETTER_DRAFT,
    saved,
    editing?.updated_at ?? "new",
  );
  const { text, kind, date, time, moment } = draft.value;
  const change = (part: Partial<LetterForm>) => draft.set({ ...draft.value, ...part });
  const write = useWriteLaterLetter();
  // A seal sent from this form before the page was left (or reloaded) may still be on its way.
  const sealing = useIsMutating({ mutationKey: laterLetterKeys.write }) > 0;
  // The options share a name: one radio group to the browser, so Tab stops once, on the chosen one.
  const opensName = useId();
  // A new letter is one write until it is sealed: one whose answer was lost (the server sealed it),
  // corrected and sealed again, is that letter, never a second one. `lost`: the words sent under it
  // whose answer never came, one of which the server may have sealed.
  const [letterWrite, setLetterWrite] = useState(newWrite);
  const lost = useRef<LetterBody[]>([]);
  const sealed = () => {
    lost.current = [];
    setLetterWrite(newWrite());
  };
  // New words that are one of the partner's letters were sealed by a form that is gone (the page
  // was left, or reloaded, before the answer came): they are no longer "not sealed yet". Checked
  // when the letters are read, not as each key is typed; a lost answer of this form's own is
  // settled by its next press (`keepOverSealed`).
  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  useEffect(() => {
    const kept = latestDraft.current;
    if (editing || !kept.unsaved || lost.current.length > 0) return;
    if (mine.some((letter) => formSeals(kept.value, letter))) kept.forget();
  }, [mine, editing]);
  const focusForm = () =>
    returnFocus(() => document.querySelector<HTMLElement>('section[aria-labelledby="write-later"] textarea'));
  // The first try went through: the words typed since are kept, as an edit of the letter it sealed
  // (the list shows it as sealed), and forgotten here only once they are there.
  const keepOverSealed = async () => {
    const letter = await sealedUnder(letterWrite, lost.current);
    if (!letter || !draft.moveTo(`later-letter:${letter.id}`, letter.updated_at)) return;
    sealed();
    onEdit(letter);
    focusForm();
  };
  const save = () => {
    const sent = draft.value;
    const body = { text, opening: openingOf(sent) };
    write.mutate(
      { id: editing?.id, based_on: editing?.updated_at, ...body, ...(editing ? {} : { write: letterWrite }) },
      {
        onSuccess: ({ letter }) => {
          toast.success(
            editing ? "Your letter is rewritten and sealed again." : `Your letter to ${partner.displayName} is sealed.`,
          );
          if (draft.saved(sent, letter.updated_at)) {
            if (!editing) sealed();
            onDone();
          } else if (!editing && draft.moveTo(`later-letter:${letter.id}`, letter.updated_at)) {
            // Words typed while it was sealing are more of this letter: they wait as its edit.
            sealed();
            onEdit(letter);
          }
          // Seal letter is disabled with the letter emptied: focus goes back to write another.
          focusForm();
        },
        onError: (error) => {
          if (!editing && closeIfWrittenAlready(error, () => void keepOverSealed())) return;
          toast.error(`Your letter was not sealed: ${error.message}`);
          if (editing) return;
          // Refused, nothing was sealed (the next try is a new key); no answer, the server may have sealed these words.
          if (wroteNothing(error)) lost.current = [];
          else lost.current.push(body);
        },
      },
    );
  };

  const kinds = [
    { value: "date", label: "On a date" },
    ...(anniversary ? [{ value: "anniversary", label: "Our anniversary" }] : []),
    { value: "openWhen", label: "Open when..." },
  ];
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: "md", sm: "xl" }} aria-labelledby="write-later">
      <Title order={2} id="write-later" mb={4}>
        {editing ? "Edit your letter" : "Write a letter for later"}
      </Title>
      <Text c="dimmed" mb="md">
        {`Until it opens, ${partner.displayName} sees only the envelope and when it will open, never the words. You can edit it or take it back until then.`}
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <Textarea
            label={`Your letter to ${partner.displayName}`}
            value={text}
            onChange={(event) => change({ text: event.currentTarget.value })}
            {...textLimitProps(text, LATER_LETTER_MAX)}
            rows={8}
            styles={{ input: { fontFamily: "var(--mantine-font-family-headings)", fontSize: 17, lineHeight: 1.6 } }}
          />
          <Stack gap={6}>
            <Text fw={500} size="sm" id="opens-label">
              When it opens
            </Text>
            {/* Chips, not a SegmentedControl: its sliding highlight was drawn off its row on a phone. */}
            <Chip.Group value={kind} onChange={(value) => change({ kind: value as Kind })}>
              <Group gap="xs" role="radiogroup" aria-labelledby="opens-label">
                {kinds.map(({ value, label }) => (
                  <Chip key={value} value={value} name={opensName} color="grape" variant="outline">
                    {label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          {kind === "date" && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                type="date"
                label="Date"
                required
                value={date}
                onChange={(event) => change({ date: event.currentTarget.value })}
              />
              <TextInput
                type="time"
                label={`Time on ${partner.displayName}'s clock`}
                required
                value={time}
                onChange={(event) => change({ time: event.currentTarget.value })}
              />
            </SimpleGrid>
          )}
          {kind === "anniversary" && anniversary && (
            <Text>{`It opens on your next anniversary, ${anniversary.label} ${partner.displayName}'s time.`}</Text>
          )}
          {kind === "openWhen" && (
            <Radio.Group
              label={`${partner.displayName} can open it any time, when...`}
              value={moment}
              onChange={(value) => change({ moment: value as OpenWhenMoment })}
            >
              <Stack gap="xs" mt="xs">
                {OPEN_WHEN_MOMENTS.map((value) => (
                  <Radio key={value} value={value} label={openWhenLabel(value).replace("Open when ", "")} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Group justify="flex-end">
            <Group gap="sm">
              {editing && (
                <Button
                  variant="default"
                  onClick={() => {
                    draft.forget();
                    onDone();
                    // The form turns back into a new letter and this button goes: the keyboard stays in it.
                    focusForm();
                  }}
                >
                  Cancel
                </Button>
              )}
              <Button
                type="submit"
                loading={sealing}
                disabled={text.trim() === "" || isTooLong(text, LATER_LETTER_MAX) || (kind === "date" && date === "")}
              >
                {editing ? "Seal it again" : "Seal letter"}
              </Button>
            </Group>
          </Group>
          <DraftNotice
            draft={draft}
            mt={-8}
            notSent="Not sealed yet: kept on this device until you seal it."
            sentElsewhere="This letter was sealed again on another device since you wrote these words here. Sealing replaces it with these."
            showSent="Show the sealed one instead"
          />
        </Stack>
      </form>
    </Paper>
  );
}
