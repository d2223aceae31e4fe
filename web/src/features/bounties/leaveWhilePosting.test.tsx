import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

describe("posting a bounty on a slow connection, then leaving the page", { timeout: 40_000 }, () => {
  it("still tells the partner when the post was refused", async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let asked = 0;
    // As the real server when another process holds the write lock (server/src/plugins/errors.ts): nothing was written.
    server.use(
      http.post("/api/bounties", async () => {
        asked += 1;
        await answered;
        return HttpResponse.json(
          { statusCode: 503, error: "Service Unavailable", message: "The database is busy. Try again in a moment." },
          { status: 503 },
        );
      }),
    );
    signInAs("alex");
    const { user, router } = renderApp("/spank-bank?tab=bounties");
    const form = await screen.findByRole("form", { name: /^Post a bounty for / }, { timeout: 20_000 });
    await screen.findByText("No bounties yet: post one above.");
    await user.type(within(form).getByRole("textbox", { name: "Task" }), "Send me a voice note of our song");
    await user.click(within(form).getByRole("button", { name: "Post bounty" }));
    await waitFor(() => expect(asked).toBe(1));

    // The answer is slow: the partner goes to the dashboard meanwhile.
    await router.navigate({ to: "/dashboard" });
    await screen.findByRole("heading", { level: 1, name: "Hello, Alex" });
    answer();

    // Not posted: said where the partner is now.
    expect(
      await screen.findByText(
        'Your bounty "Send me a voice note of our song" was not posted: The database is busy. Try again in a moment.',
        {},
        { timeout: 3_000 },
      ),
    ).toBeInTheDocument();
  });
});
