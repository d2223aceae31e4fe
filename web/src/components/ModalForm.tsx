import { Button, Group, Stack, Text } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { ApiError } from "@/lib/api";

/** Counters sit under their field, where the eye is while typing. */
export const counterBelow: ("label" | "input" | "description" | "error")[] = ["label", "input", "description", "error"];

/** What a refused or failed request says in the form: the server's words, else `fallback`. */
export const refusalOf = (failure: unknown, fallback: string) =>
  failure instanceof ApiError ? failure.message : fallback;

/**
 * The body of a small form in a modal: its fields, what was refused said under them, and the
 * way out beside the way on (Cancel, then the submit button).
 */
export function ModalForm({
  onSubmit,
  error,
  cancel,
  submit,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  error: string | null | false;
  cancel: { label: string; onClick: () => void };
  /** `disabled`: what is typed cannot be sent as it is (a field says why). */
  submit: { label: string; loading: boolean; color?: string; disabled?: boolean };
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        {error && (
          <Text role="alert" c="red" size="sm">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel.onClick}>
            {cancel.label}
          </Button>
          <Button type="submit" color={submit.color} loading={submit.loading} disabled={submit.disabled}>
            {submit.label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
