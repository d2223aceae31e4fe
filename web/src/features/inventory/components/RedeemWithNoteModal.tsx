import { Modal, Textarea, TextInput } from "@mantine/core";
import { instantAt, wallClockAt } from "@spankbank/shared/calendar";
import type { InventoryItem } from "@spankbank/shared/contract/inventory";
import { FAVOUR_NOTE_MAX } from "@spankbank/shared/limits";
import { type FormEvent, useState } from "react";
import { ModalForm, refusalOf } from "@/components/ModalForm";
import { newWrite } from "@/lib/api";
import { useMyClock } from "@/lib/favourTime";
import { isTooLong, textLimitProps } from "@/lib/textLimit";
import { toast } from "@/lib/toast";
import { useSingleFlight } from "@/lib/useSingleFlight";
import { closeIfWrittenAlready } from "@/lib/writtenAlready";
import { useRedeemItem } from "../api/redeemItem";
import { focusAfterItemAction } from "./focusAfterItemAction";

/**
 * Redeem with a note and a wished time (issue 22, point 5). The plain Redeem button stays as the
 * spec has it; this modal is the extra way. The time is typed on the partner's own clock (their
 * configured zone) and sent as an instant; the seller reads it on theirs.
 */
export function RedeemWithNoteModal({ item, onClose }: { item: InventoryItem | undefined; onClose: () => void }) {
  const redeem = useRedeemItem();
  const { timeZone, city } = useMyClock();
  const [note, setNote] = useState("");
  const [wished, setWished] = useState("");
  const [error, setError] = useState<string | null>(null);
  // One write from opening to closing: a note whose answer was lost, fixed and sent again, is the
  // same redeem, never a second unit used up. By the item's id: a reloaded list keeps the opening.
  const [write, setWrite] = useState(newWrite);
  const [shownFor, setShownFor] = useState(item?.id);
  if (shownFor !== item?.id) {
    setShownFor(item?.id);
    setWrite(newWrite());
  }
  const once = useSingleFlight();
  const close = () => {
    setNote("");
    setWished("");
    setError(null);
    setWrite(newWrite());
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!item) return;
    const [date, time] = wished.split("T");
    const wishedAt = date && time ? instantAt(date, time.slice(0, 5), timeZone) : undefined;
    if (wished !== "" && (!wishedAt || Number.isNaN(wishedAt.getTime()))) {
      setError("Please pick a date and a time.");
      return;
    }
    if (wishedAt && wishedAt.getTime() < Math.floor(Date.now() / 60_000) * 60_000) {
      setError("Please pick a time that has not passed yet.");
      return;
    }
    once((settled) =>
      redeem.mutate(
        {
          itemId: item.id,
          ...(note.trim() ? { note } : {}),
          ...(wishedAt ? { wishedAt: wishedAt.toISOString() } : {}),
          // This opening's redeem only: the same note from a later opening (the next unit, the
          // first one's answer lost) is another redeem, never that one answered again.
          write: `redeem ${item.id} ${write}`,
        },
        {
          onSuccess: () => {
            toast.success(`Redeemed "${item.name}": your note is on its way.`);
            close();
            focusAfterItemAction("Redeem", item.name);
          },
          // Redeemed already: the modal closes, and the lists show the redeem as it was made.
          onError: (failure) =>
            closeIfWrittenAlready(failure, close) ||
            setError(refusalOf(failure, "Failed to redeem. Please try again.")),
          onSettled: settled,
        },
      ),
    );
  };
  return (
    <Modal
      opened={item !== undefined}
      onClose={close}
      title={item ? `Redeem "${item.name}"` : "Redeem"}
      closeButtonProps={{ "aria-label": "Close" }}
      centered
    >
      <ModalForm
        onSubmit={submit}
        error={error}
        cancel={{ label: "Cancel", onClick: close }}
        submit={{ label: "Redeem", loading: redeem.isPending, disabled: isTooLong(note, FAVOUR_NOTE_MAX) }}
      >
        <Textarea
          label="A note (optional)"
          placeholder="Call me before my first meeting?"
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          {...textLimitProps(note, FAVOUR_NOTE_MAX)}
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus
        />
        <TextInput
          type="datetime-local"
          label={`When would you like it? (optional, your time${city ? ` in ${city}` : ""})`}
          value={wished}
          min={wallClockAt(new Date(), timeZone)}
          onChange={(event) => setWished(event.currentTarget.value)}
        />
      </ModalForm>
    </Modal>
  );
}
