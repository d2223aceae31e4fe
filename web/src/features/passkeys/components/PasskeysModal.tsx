import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from "@mantine/core";
import type { PasskeySummary } from "@spankbank/shared/contract/passkeys";
import { PASSKEY_NAME_MAX } from "@spankbank/shared/limits";
import { type FormEvent, useState } from "react";
import { ConfirmModal } from "@/components/ConfirmModal";
import { passkeyProblem } from "@/lib/passkeyProblem";
import { toast } from "@/lib/toast";
import { formatDate } from "@/lib/view";
import { useAddPasskey } from "../api/addPasskey";
import { usePasskeys } from "../api/getPasskeys";
import { useRemovePasskey } from "../api/removePasskey";

const day = (iso: string) => formatDate(iso, { day: "numeric", month: "short", year: "numeric" });

/**
 * The signed-in partner's passkeys, from the menu: each with its name and dates and a remove
 * button (after a confirm), and a form to add one on this device. The password stays.
 */
export function PasskeysModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const passkeys = usePasskeys(opened);
  const [removing, setRemoving] = useState<PasskeySummary | undefined>(undefined);

  return (
    <>
      <Modal
        opened={opened && removing === undefined}
        onClose={onClose}
        title="Passkeys"
        closeButtonProps={{ "aria-label": "Close" }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            Sign in with your face, fingerprint or screen lock instead of typing your password. Your password still
            works too.
          </Text>
          {passkeys.isPending ? (
            <Loader aria-label="Loading your passkeys" size="sm" />
          ) : passkeys.isError ? (
            <Alert color="red.9" role="alert">
              Could not load your passkeys: {passkeys.error.message}
            </Alert>
          ) : passkeys.data.passkeys.length === 0 ? (
            <Text c="dimmed" size="sm">
              No passkeys yet.
            </Text>
          ) : (
            <ul aria-label="Your passkeys" style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {passkeys.data.passkeys.map((passkey) => (
                <li key={passkey.id}>
                  <Group justify="space-between" wrap="nowrap" gap="sm" py={6}>
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                        {passkey.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Added {day(passkey.created_at)}
                        {passkey.last_used_at ? ` · last used ${day(passkey.last_used_at)}` : " · not used yet"}
                      </Text>
                    </div>
                    <Button
                      variant="subtle"
                      color="red.9"
                      // Subtle buttons write their text at shade 6 at most, too pale to read on white.
                      c="red.9"
                      size="compact-sm"
                      style={{ flexShrink: 0 }}
                      aria-label={`Remove ${passkey.name}`}
                      onClick={() => setRemoving(passkey)}
                    >
                      Remove
                    </Button>
                  </Group>
                </li>
              ))}
            </ul>
          )}
          <AddPasskeyForm />
        </Stack>
      </Modal>
      <RemovePasskeyModal passkey={removing} onClose={() => setRemoving(undefined)} />
    </>
  );
}

function AddPasskeyForm() {
  const add = useAddPasskey();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    setProblem(null);
    add.mutate(name === "" ? undefined : name, {
      onSuccess: ({ passkey }) => {
        toast.success(`Passkey "${passkey.name}" added.`);
        form.reset();
      },
      onError: (error) => setProblem(passkeyProblem(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label="Name (optional)"
          name="name"
          placeholder="My phone"
          maxLength={PASSKEY_NAME_MAX}
          autoComplete="off"
        />
        {problem && (
          <Text c="red.9" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Button type="submit" loading={add.isPending}>
          Add a passkey
        </Button>
      </Stack>
    </form>
  );
}

function RemovePasskeyModal({ passkey, onClose }: { passkey: PasskeySummary | undefined; onClose: () => void }) {
  const remove = useRemovePasskey();
  return (
    <ConfirmModal
      opened={passkey !== undefined}
      title="Remove this passkey?"
      closeLabel="Close without removing"
      keepLabel="Keep it"
      confirmLabel="Yes, remove"
      pending={remove.isPending}
      onConfirm={() => passkey && remove.mutate(passkey.id, { onSettled: onClose })}
      onClose={onClose}
    >
      {passkey ? `"${passkey.name}" will no longer sign you in. Your password still will.` : ""}
    </ConfirmModal>
  );
}
