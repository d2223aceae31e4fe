import { Modal, Text, TextInput } from "@mantine/core";
import type { OwedFavour } from "@spankbank/shared/contract/owed";
import { DECLINE_REASON_MAX } from "@spankbank/shared/limits";
import { spanks } from "@spankbank/shared/spanks";
import { type FormEvent, useState } from "react";
import { ModalForm, refusalOf } from "@/components/ModalForm";
import { newWrite } from "@/lib/api";
import { firstControl, returnFocus, SELECTED_TAB } from "@/lib/returnFocus";
import { isTooLong, textLimitProps } from "@/lib/textLimit";
import { toast } from "@/lib/toast";
import { closeIfWrittenAlready } from "@/lib/writtenAlready";
import { useDeclineRedemption } from "../api/declineRedemption";

/** Say no to a redeemed favour, with a reason the partner reads; their spanks go back to them. */
export function DeclineFavourModal({
  favour,
  partnerName,
  onClose,
}: {
  favour: OwedFavour | undefined;
  partnerName: string;
  onClose: () => void;
}) {
  const decline = useDeclineRedemption();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  // One write from opening to closing: a decline whose answer was lost, sent again (its reason
  // fixed or not), is the same decline, answered as such. By the favour's id: a reloaded list keeps it.
  const [write, setWrite] = useState(newWrite);
  const [shownFor, setShownFor] = useState(favour?.id);
  if (shownFor !== favour?.id) {
    setShownFor(favour?.id);
    setWrite(newWrite());
  }
  const close = () => {
    setReason("");
    setError(null);
    setWrite(newWrite());
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!favour) return;
    if (reason.trim() === "") {
      setError(`Please tell ${partnerName} why.`);
      return;
    }
    decline.mutate(
      { itemId: favour.id, reason, write },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          close();
          // The declined favour leaves the list: the next one's Decline, else the selected tab.
          returnFocus(() => firstControl(['button[aria-label^="Decline "]', SELECTED_TAB]));
        },
        // Declined already: the modal closes, and the list shows the decline as it was made.
        onError: (failure) =>
          closeIfWrittenAlready(failure, close) || setError(refusalOf(failure, "Failed to decline. Please try again.")),
      },
    );
  };
  return (
    <Modal
      opened={favour !== undefined}
      onClose={close}
      title={favour ? `Decline "${favour.name}"?` : "Decline"}
      closeButtonProps={{ "aria-label": "Close" }}
      centered
    >
      <ModalForm
        onSubmit={submit}
        error={error}
        cancel={{ label: "Keep it", onClick: close }}
        submit={{
          label: "Decline and refund",
          loading: decline.isPending,
          color: "red.9",
          disabled: isTooLong(reason, DECLINE_REASON_MAX),
        }}
      >
        <Text size="sm">
          {favour && favour.price > 0
            ? `${partnerName} gets the ${spanks(favour.price)} back, and reads your reason.`
            : `${partnerName} reads your reason.`}
        </Text>
        <TextInput
          label="Reason"
          placeholder="I'm on nights that week, can we pick another?"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          {...textLimitProps(reason, DECLINE_REASON_MAX)}
          data-autofocus
        />
      </ModalForm>
    </Modal>
  );
}
