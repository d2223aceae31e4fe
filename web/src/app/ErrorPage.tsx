import { Button, Stack, Text, Title } from "@mantine/core";
import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";
import { ApiError } from "@/lib/api";

/** The spec's generic error screen: 'Unexpected Application Error!' and the status or message. */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Stack align="center" ta="center" py="xl" px="md" gap="md">
      <Title order={1}>Unexpected Application Error!</Title>
      <Text style={{ overflowWrap: "anywhere" }}>{describeError(error)}</Text>
      <Button onClick={onRetry}>Try again</Button>
    </Stack>
  );
}

/** The router's error component, for a loader or a page that throws. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return <ErrorScreen error={error} onRetry={retry} />;
}

function describeError(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return `${error.status} ${error.message}`;
  if (error instanceof Error) return error.message;
  return String(error);
}
