import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { failMemoryReads, holdMemoryReads, seedMemories, setOnThisDay } from "@/test/handlers/memories";
import { failQuestionReads, holdQuestionReads, setQuestions } from "@/test/handlers/questions";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

afterEach(() => {
  vi.restoreAllMocks();
});

const card = (name: string) => screen.getByRole("region", { name });

async function dashboardAs(who: "alex" | "sam") {
  signInAs(who);
  const app = renderApp("/dashboard");
  await screen.findByRole("heading", { level: 1 });
  return app;
}

const QUESTION = {
  question_id: 7,
  question: "What is your favourite memory of us?",
  asked_at: "2026-11-20T03:30:00.000Z",
  responses: [{ username: "ALEX_D", response: "The sunset on our first trip.", created_at: null }],
};

describe("the dashboard cards", { timeout: 30_000 }, () => {
  it("shows 'Loading...' in each card until its own fetch ends", async () => {
    const releaseMemories = holdMemoryReads();
    const releaseQuestions = holdQuestionReads();
    await dashboardAs("alex");
    for (const name of ["Daily Quote", "Memory Board", "Q & A"]) {
      expect(within(card(name)).getByText("Loading...")).toBeInTheDocument();
    }
    releaseMemories();
    await waitFor(() => expect(within(card("Memory Board")).queryByText("Loading...")).not.toBeInTheDocument());
    expect(within(card("Q & A")).getByText("Loading...")).toBeInTheDocument();
    releaseQuestions();
    await waitFor(() => expect(within(card("Q & A")).queryByText("Loading...")).not.toBeInTheDocument());
    expect(within(card("Daily Quote")).queryByText("Loading...")).not.toBeInTheDocument();
  });

  it("shows the quote, the latest memory with its link, and the latest question", async () => {
    seedMemories(2);
    setQuestions([QUESTION]);
    await dashboardAs("alex");
    expect(
      await within(card("Daily Quote")).findByText("Whatever our souls are made of, his and mine are the same."),
    ).toBeInTheDocument();
    const memory = card("Memory Board");
    expect(await within(memory).findByText('"Memory 2"')).toBeInTheDocument();
    expect(
      within(memory).getByText(`by Alex · ${new Date("2026-01-02T12:00:00.000Z").toLocaleDateString()}`),
    ).toBeInTheDocument();
    expect(within(memory).getByRole("link", { name: "View Full Memory Board" })).toHaveAttribute("href", "/memories");
    expect(await within(card("Q & A")).findByText(QUESTION.question)).toBeInTheDocument();
  });

  it("matches answers to the partners' columns case-insensitively, with 'No date available' and the empty text", async () => {
    setQuestions([QUESTION]);
    await dashboardAs("sam");
    const alex = await within(card("Q & A")).findByRole("region", { name: "Alex" });
    expect(within(alex).getByText("The sunset on our first trip.")).toBeInTheDocument();
    expect(within(alex).getByText("Alex · No date available")).toBeInTheDocument();
    const sam = within(card("Q & A")).getByRole("region", { name: "Sam" });
    expect(within(sam).getByText("Sam has not submitted a response yet!")).toBeInTheDocument();
  });

  it("shows the sealed text for an answer the server keeps sealed", async () => {
    setQuestions([{ ...QUESTION, responses: [{ username: "alex_d", response: "", created_at: null, sealed: true }] }]);
    await dashboardAs("sam");
    const alex = await within(card("Q & A")).findByRole("region", { name: "Alex" });
    expect(within(alex).getByText("Alex has answered. Add your answer to see it.")).toBeInTheDocument();
  });

  it("shows the Discord text in the memory card when there is no memory", async () => {
    await dashboardAs("alex");
    expect(
      await within(card("Memory Board")).findByText("Create some memories on Discord to get started!"),
    ).toBeInTheDocument();
    expect(within(card("Q & A")).queryByText("Loading...")).not.toBeInTheDocument();
  });

  it("on failure only logs, stops loading and shows no error; the memory card shows its empty text", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    failMemoryReads();
    failQuestionReads();
    await dashboardAs("alex");
    expect(
      await within(card("Memory Board")).findByText("Create some memories on Discord to get started!"),
    ).toBeInTheDocument();
    await waitFor(() => {
      for (const name of ["Daily Quote", "Q & A"]) expect(within(card(name)).queryByText("Loading...")).toBeNull();
    });
    expect(within(card("Q & A")).queryByText(/fail/i)).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(log).toHaveBeenCalledTimes(4);
  });

  it("shows 'On this day' with 'A year ago today...' only when there is something from this day", async () => {
    setOnThisDay({
      date: "2026-11-22",
      memories: [
        {
          id: 3,
          message: "Our first I love you",
          username: "alex_d",
          created_at: "2025-11-22T12:00:00.000Z",
          months_ago: 12,
        },
      ],
      answers: [],
    });
    await dashboardAs("alex");
    const onThisDay = await screen.findByRole("region", { name: "On this day" });
    expect(within(onThisDay).getByText("A year ago today...")).toBeInTheDocument();
    expect(within(onThisDay).getByText('"Our first I love you"')).toBeInTheDocument();
    expect(within(onThisDay).getByText("by Alex")).toBeInTheDocument();
  });

  it("hides 'On this day' when there is nothing from this day", async () => {
    await dashboardAs("alex");
    await within(card("Memory Board")).findByText("Create some memories on Discord to get started!");
    expect(screen.queryByRole("region", { name: "On this day" })).toBeNull();
  });
});

describe("the backups alert", { timeout: 30_000 }, () => {
  it("tells each partner when backups fail, naming the rule and the command", async () => {
    const message =
      "backups are paused: the last backup failed the database check (escrow), so it was not kept. The data itself is still in place. Run `npm run check` on the server to see the details; backups are kept again once it passes.";
    server.use(
      http.get("/api/backup-health", () =>
        HttpResponse.json({
          last_kept_at: "2026-11-24T21:30:00.000Z",
          failing: {
            since: "2026-11-25T21:30:00.000Z",
            last_tried_at: "2026-11-26T02:30:00.000Z",
            message,
            rules: ["escrow"],
          },
        }),
      ),
    );
    for (const who of ["alex", "sam"] as const) {
      await dashboardAs(who);
      const alert = await screen.findByRole("alert");
      expect(within(alert).getByText("Backups need attention")).toBeInTheDocument();
      expect(within(alert).getByText(`B${message.slice(1)}`)).toBeInTheDocument();
      expect(
        within(alert).getByText(/^Not kept since .+; last tried .+\. The last backup kept is from .+\.$/),
      ).toBeInTheDocument();
      cleanup();
    }
  });

  it("tells each partner when no backup was kept for over a day though none failed (the box was off at night)", async () => {
    const lastKept = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
    server.use(http.get("/api/backup-health", () => HttpResponse.json({ last_kept_at: lastKept, failing: null })));
    for (const who of ["alex", "sam"] as const) {
      await dashboardAs(who);
      const alert = await screen.findByRole("alert");
      expect(within(alert).getByText("Backups need attention")).toBeInTheDocument();
      expect(alert).toHaveTextContent(
        /The last backup kept is from .+: none was taken since\. Was the server off at night\? It takes a missed one a few minutes after it starts, and npm run backup on the server takes one now\./,
      );
      cleanup();
    }
  });

  it("shows nothing about backups while they are kept", async () => {
    await dashboardAs("alex");
    await within(card("Daily Quote")).findByText("Whatever our souls are made of, his and mine are the same.");
    expect(screen.queryByText("Backups need attention")).not.toBeInTheDocument();
  });
});
