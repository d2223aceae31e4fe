import { Button, Container, Divider, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { LOGIN_FAILURE_WINDOW_MS } from "@spankbank/shared/limits";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useRef, useState } from "react";
import { documentTitleOf } from "@/components/Page";
import { useLive } from "@/lib/live";
import { usePageTitle } from "@/lib/pageTitle";
import { passkeyProblem } from "@/lib/passkeyProblem";
import { buttonNamed, returnFocus } from "@/lib/returnFocus";
import { sessionQueryOptions } from "../api/getSession";
import { pageAfterSignIn } from "../redirect";
import { useSession } from "../useSession";

const INVALID_LOGIN = "Invalid username or password";

/** Spec: success goes to /dashboard (or the page the partner first asked for). */
export function SignInPage({ redirectTo }: { redirectTo: string | undefined }) {
  usePageTitle(documentTitleOf("Sign In"));
  const live = useLive();
  const { login, loginWithPasskey } = useSession();
  const queryClient = useQueryClient();
  /** The page to go to once signed in, for the partner who just did (read after the sign-in). */
  const nextPage = () =>
    pageAfterSignIn(redirectTo, queryClient.getQueryData(sessionQueryOptions.queryKey)?.user.username ?? "");
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [triesLeft, setTriesLeft] = useState<number | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);
  const [passkeyPending, setPasskeyPending] = useState(false);

  /** The password stays beside it: a passkey is another way in, for the name typed (or whoever's it is). */
  const signInWithPasskey = async () => {
    const typed = String(new FormData(formRef.current ?? undefined).get("username") ?? "").trim();
    setPasskeyPending(true);
    setError(null);
    setTriesLeft(undefined);
    try {
      const outcome = await loginWithPasskey(typed === "" ? undefined : typed);
      if (outcome === true) {
        await navigate({ href: nextPage(), replace: true });
        return;
      }
      setError(outcome.message ?? "That passkey did not sign you in.");
      setTriesLeft(outcome.triesLeft);
    } catch (failure) {
      console.error(failure);
      setError(passkeyProblem(failure));
    } finally {
      setPasskeyPending(false);
    }
    // The passkey button was disabled while asking: focus goes back to it to try again.
    returnFocus(() => buttonNamed("Use a passkey"));
  };

  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    setError(null);
    setTriesLeft(undefined);
    try {
      const outcome = await login(String(form.get("username") ?? ""), String(form.get("password") ?? ""));
      if (outcome === true) {
        await navigate({ href: nextPage(), replace: true });
        return;
      }
      console.error(INVALID_LOGIN);
      setError(INVALID_LOGIN);
      setTriesLeft(outcome.triesLeft);
    } catch (failure) {
      // Too many attempts (429) or no server: the server's own message says what to do.
      console.error(failure);
      setError((failure as Error).message);
    } finally {
      setSubmitting(false);
    }
    // The Sign In button was disabled while checking: focus goes back to the password to try again.
    returnFocus(() => document.querySelector<HTMLInputElement>('input[name="password"]'));
  };

  return (
    <Container size={440} py="xl">
      <Title order={1} ta="center" mb="xs">
        Welcome back, love
      </Title>
      <Text ta="center" mb="lg">
        Sign in to your little corner of the world.
      </Text>
      <Paper withBorder shadow="sm" p="lg" radius="lg">
        <form ref={formRef} onSubmit={signIn} noValidate>
          <Stack gap="md">
            <TextInput
              label="Username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
            <PasswordInput label="Password" name="password" autoComplete="current-password" />
            {error && (
              <div role="alert">
                <Text c="red" size="sm">
                  {error}
                </Text>
                {triesLeft !== undefined && (
                  <Text c="dimmed" size="sm">
                    {triesLeftText(triesLeft)}
                  </Text>
                )}
              </div>
            )}
            {/* Disabled in the prerendered page: a form submitted before the app is live would put the password in the URL. */}
            <Button type="submit" loading={submitting} disabled={!live || passkeyPending} fullWidth>
              Sign In
            </Button>
          </Stack>
        </form>
        <Divider label="or" labelPosition="center" my="md" />
        <Button
          variant="light"
          loading={passkeyPending}
          disabled={!live || submitting}
          onClick={signInWithPasskey}
          fullWidth
        >
          Use a passkey
        </Button>
      </Paper>
    </Container>
  );
}

/** Warns before the pause: the limit counts wrong passwords per name from this browser. */
function triesLeftText(triesLeft: number): string {
  const pause = `${LOGIN_FAILURE_WINDOW_MS / 60_000} minutes`;
  if (triesLeft === 0) return `No tries left: sign-in pauses for ${pause}.`;
  return `${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left before sign-in pauses for ${pause}.`;
}
