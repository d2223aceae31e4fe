import { Button, Group, Modal, Text } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** What happens if the partner says yes. */
  children: ReactNode;
  /** The close button's name, saying nothing happens ("Close without removing"). */
  closeLabel: string;
  keepLabel: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before something is removed for good: the safe answer first, the red one last. */
export function ConfirmModal({
  opened,
  title,
  children,
  closeLabel,
  keepLabel,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  // One yes per opening until what it started settles: a second tap before the button shows it is
  // busy (a render later) would send the removal twice, its 404 toasting a failure after the success.
  const confirmed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opening again (opened) is a trigger
  useEffect(() => {
    if (!pending) confirmed.current = false;
  }, [pending, opened]);
  const confirmOnce = () => {
    if (confirmed.current) return;
    confirmed.current = true;
    onConfirm();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ "aria-label": closeLabel }} centered>
      <Text mb="lg" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {keepLabel}
        </Button>
        <Button color="red.9" loading={pending} onClick={confirmOnce}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
