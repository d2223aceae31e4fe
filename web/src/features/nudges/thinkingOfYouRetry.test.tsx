import { NUDGE_DAILY_LIMIT } from "@spankbank/shared/limits";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { loseNextAnswer, once } from "@/test/keyedWrites";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

/**
 * The server's POST /api/nudges as it really is: keyed (server/src/routes/nudges.ts writeOnce), a
 * key sent again with the same body answers the first answer, with another body 422.
 */
function keyedNudgeServer() {
  const written: unknown[] = [];
  server.use(
    http.post("/api/nudges", async ({ request }) => {
      const body = (await request.json()) as { line?: string };
      return once(request, JSON.stringify(body), () => {
        written.push(body);
        const sent = written.length;
        return {
          status: 201,
          json: {
            nudge: { id: sent, line: body.line ?? null, created_at: new Date().toISOString() },
            received_today: 0,
            sent_today: sent,
            left_today: NUDGE_DAILY_LIMIT - sent,
          },
        };
      });
    }),
    http.get("/api/nudges", () =>
      HttpResponse.json({
        received_today: 0,
        sent_today: written.length,
        left_today: NUDGE_DAILY_LIMIT - written.length,
      }),
    ),
  );
  return written;
}

describe("the Thinking of you card after a lost answer", { timeout: 30_000 }, () => {
  it("sends one thought when the partner fixes a typo in the line and taps the heart again (lib/api.ts newWrite: one form, one write)", async () => {
    const written = keyedNudgeServer();
    const user = userEvent.setup();
    signInAs("alex");
    renderApp("/dashboard");
    await screen.findByRole("heading", { level: 1 }, { timeout: 20_000 });
    const card = screen.getByRole("region", { name: "Thinking of you" });
    await waitFor(() => expect(within(card).queryByText("Loading...")).not.toBeInTheDocument());
    const line = within(card).getByLabelText("A short line (optional)");
    await user.type(line, "Missing yuo");
    // The server writes it, and the connection drops before its answer arrives.
    loseNextAnswer();
    await user.click(within(card).getByRole("button", { name: "Thinking of Sam" }));
    expect(await within(card).findByRole("alert")).toHaveTextContent(/Could not reach the server|offline/);
    // The words are still there: the partner fixes the typo and taps again.
    await user.clear(line);
    await user.type(line, "Missing you");
    await user.click(within(card).getByRole("button", { name: "Thinking of Sam" }));
    await waitFor(() => expect(within(card).queryByRole("button", { name: "Thinking of Sam" })).toBeEnabled());
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Sam is told once, not twice (once with the typo, once without), and one of today's 5 is used.
    expect(written).toHaveLength(1);
  });
});
