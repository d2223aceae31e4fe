import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import type { Visit } from "@spankbank/shared/contract/visits";
import { VISIT_NOTE_MAX, VISIT_PLACE_MAX } from "@spankbank/shared/limits";
import { VISIT_CHANGED_SINCE } from "@spankbank/shared/visits";
import { type FormEvent, useState } from "react";
import { refusalOf } from "@/components/ModalForm";
import { ApiError, newWrite } from "@/lib/api";
import { buttonNamed, returnFocus } from "@/lib/returnFocus";
import { isTooLong, textLimitProps } from "@/lib/textLimit";
import { closeIfWrittenAlready } from "@/lib/writtenAlready";
import { useSaveVisit } from "../api/saveVisit";
import { datesOf } from "../visitDates";

export type VisitFormMode = { kind: "plan" } | { kind: "past" } | { kind: "change"; visit: Visit };

const TITLES = { plan: "Plan our next visit", past: "Add a past visit", change: "Change the visit" } as const;

interface Fields {
  start: string;
  end: string;
  place: string;
  note: string;
}

const fieldsOfVisit = (visit: Visit): Fields => ({
  start: visit.start_date,
  end: visit.end_date,
  place: visit.place ?? "",
  note: visit.note ?? "",
});

const fieldsOf = (mode: VisitFormMode): Fields =>
  mode.kind === "change" ? fieldsOfVisit(mode.visit) : { start: "", end: "", place: "", note: "" };

/** What was typed over `was`, laid on `now`: a field left as it was takes the other partner's value. */
const laidOver = (typed: Fields, was: Fields, now: Fields): Fields => ({
  start: typed.start === was.start ? now.start : typed.start,
  end: typed.end === was.end ? now.end : typed.end,
  place: typed.place === was.place ? now.place : typed.place,
  note: typed.note === was.note ? now.note : typed.note,
});

/**
 * Plan, change or log a visit: first and last day together (both counted), where, and a note.
 * `latest` is the visit being changed as the page last read it. When the other partner changed it
 * after the form opened, the save is refused; once the page has read their version, what was typed
 * is laid over it, the refusal says how it reads now, and a second save is a knowing one.
 */
export function VisitFormModal({
  mode,
  latest,
  today,
  onClose,
}: {
  mode: VisitFormMode | undefined;
  latest?: Visit | undefined;
  today: string;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(mode ?? { kind: "plan" }));
  const [shownFor, setShownFor] = useState(mode);
  const [base, setBase] = useState(() => (mode?.kind === "change" ? mode.visit : undefined));
  const [theirs, setTheirs] = useState<Visit | undefined>();
  // One write from opening to closing: a new visit whose answer was lost (the server planned or
  // logged it), its dates or place fixed and saved again, is the same visit, never a second one.
  const [write, setWrite] = useState(newWrite);
  const save = useSaveVisit();
  // A day left empty: named on its field, and nothing is sent.
  const [missing, setMissing] = useState<{ start?: boolean; end?: boolean }>({});
  // Opening for another visit (or a new one) starts from its values, and is a new write.
  if (shownFor !== mode) {
    setShownFor(mode);
    setFields(fieldsOf(mode ?? { kind: "plan" }));
    setBase(mode?.kind === "change" ? mode.visit : undefined);
    setTheirs(undefined);
    setWrite(newWrite());
    setMissing({});
    save.reset();
  }
  const refused = save.error instanceof ApiError && save.error.message === VISIT_CHANGED_SINCE;
  if (refused && base && latest && latest.updated_at !== base.updated_at) {
    setFields((typed) => laidOver(typed, fieldsOfVisit(base), fieldsOfVisit(latest)));
    setBase(latest);
    setTheirs(latest);
  }
  const set = (change: Partial<Fields>) => setFields((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mode) return;
    const gaps = { start: fields.start === "", end: fields.end === "" };
    setMissing(gaps);
    if (gaps.start || gaps.end) return;
    setTheirs(undefined);
    save.mutate(
      {
        id: mode.kind === "change" ? mode.visit.id : undefined,
        body: {
          start_date: fields.start,
          end_date: fields.end,
          place: fields.place,
          note: fields.note,
          ...(base ? { based_on: base.updated_at } : {}),
        },
        write,
      },
      {
        onSuccess: () => {
          onClose();
          // The button that opened the form may be gone (a planned visit replaces "Plan our next visit").
          returnFocus(() => buttonNamed("Change dates") ?? buttonNamed("Plan our next visit"));
        },
        // Saved already (the first try, whose answer was lost): the form closes, and the page, read
        // again, shows the visit as it was saved.
        onError: (failure) => closeIfWrittenAlready(failure, onClose),
      },
    );
  };
  const refusal = save.error ? refusalOf(save.error, "Could not save the visit.") : null;
  return (
    <Modal
      opened={mode !== undefined}
      onClose={onClose}
      title={mode ? TITLES[mode.kind] : ""}
      closeButtonProps={{ "aria-label": "Close without saving" }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label="First day together"
              required
              value={fields.start}
              onChange={(event) => {
                set({ start: event.currentTarget.value });
                setMissing((was) => ({ ...was, start: false }));
              }}
              error={missing.start ? "Pick the first day together." : undefined}
            />
            <TextInput
              type="date"
              label="Last day together"
              required
              value={fields.end}
              onChange={(event) => {
                set({ end: event.currentTarget.value });
                setMissing((was) => ({ ...was, end: false }));
              }}
              error={missing.end ? "Pick the last day together." : undefined}
            />
          </Group>
          <TextInput
            label="Where"
            placeholder="Lisbon, your place, mine..."
            maxLength={VISIT_PLACE_MAX}
            value={fields.place}
            onChange={(event) => set({ place: event.currentTarget.value })}
          />
          <Textarea
            label="Note"
            placeholder="Plans, what to bring..."
            autosize
            minRows={2}
            {...textLimitProps(fields.note, VISIT_NOTE_MAX)}
            value={fields.note}
            onChange={(event) => set({ note: event.currentTarget.value })}
          />
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
              {refused &&
                (theirs
                  ? ` It now reads ${datesOf(theirs, today)}${theirs.note ? ` (${theirs.note})` : ""}. What you changed is kept on top of it: Save visit again to keep it, or Cancel to leave theirs.`
                  : // Until the page has read their version (or when it is not on this page of the log).
                    " Close this and open it again to see what changed.")}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={isTooLong(fields.note, VISIT_NOTE_MAX)}>
              Save visit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
