import type { SearchGroup } from "@spankbank/shared/contract/search";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { setQuestions } from "@/test/handlers/questions";
import { searchesAsked, setSearchGroups } from "@/test/handlers/search";
import { renderApp } from "@/test/renderApp";

const memories: SearchGroup = {
  kind: "memory",
  // A common word: counted up to SEARCH_COUNT_MAX, with more found.
  total: 500,
  more: true,
  page: 1,
  pageCount: 100,
  results: [
    {
      kind: "memory",
      id: 12,
      username: "alex_d",
      created_at: "2026-01-02T12:00:00.000Z",
      board_page: 3,
      excerpt: [
        { text: "Our first ", match: false },
        { text: "café", match: true },
        { text: ' <img src=x onerror="alert(1)"> in Lisbon', match: false },
      ],
    },
  ],
};
const answers: SearchGroup = {
  kind: "answer",
  total: 1,
  more: false,
  page: 1,
  pageCount: 1,
  results: [
    {
      kind: "answer",
      id: 4,
      username: "sam_r",
      created_at: "2026-02-01T12:00:00.000Z",
      title: "Where next?",
      question_id: 2,
      excerpt: [{ text: "Café", match: true }],
    },
  ],
};

describe("the header's search", { timeout: 30_000 }, () => {
  it("searches from the header and shows each kind's results, the words marked, each linked to its place", async () => {
    setSearchGroups([memories, answers]);
    signInAs("sam");
    renderApp("/dashboard");
    const box = await screen.findByRole(
      "searchbox",
      { name: "Search memories, answers and letters" },
      { timeout: 20_000 },
    );
    await userEvent.type(box, "caf{Enter}");
    await screen.findByRole("heading", { level: 1, name: "Search" });
    const memoryGroup = screen.getByRole("region", { name: "Memories (500+)" });
    const link = within(memoryGroup).getByRole("link", { name: /^Open memories of/ });
    expect(link).toHaveAttribute("href", "/memories?page=3");
    expect(within(link).getByText("café").tagName).toBe("MARK");
    // Stored text is text: the excerpt makes no element of its own.
    expect(link.querySelector("img")).toBeNull();
    expect(link).toHaveTextContent('Our first café <img src=x onerror="alert(1)"> in Lisbon');
    expect(within(memoryGroup).getByRole("link", { name: "More memories" })).toHaveAttribute(
      "href",
      "/search?q=caf&kind=memory",
    );
    const answerGroup = screen.getByRole("region", { name: "Answers (1)" });
    expect(within(answerGroup).getByRole("link", { name: /^Open Where next\? of/ })).toHaveAttribute(
      "href",
      "/allquestions?search=Where+next%3F",
    );
    // Each result names who wrote it as the page names them everywhere: "Sam", not the Discord name.
    expect(within(answerGroup).getByText(/^by Sam · /)).toBeInTheDocument();
    expect(searchesAsked().map((query) => query.get("q"))).toEqual(["caf"]);
  });

  it("says when nothing is found", async () => {
    signInAs("alex");
    renderApp("/search?q=zebra");
    await screen.findByText("Nothing found for “zebra”.", {}, { timeout: 20_000 });
    // The header's box is its own chunk: it may come after the page.
    expect(await screen.findByRole("searchbox", { name: "Search memories, answers and letters" })).toHaveValue("zebra");
  });
});

describe("a search result leads to the item found", { timeout: 40_000 }, () => {
  it("an answer to a long question (Discord allows 300 characters) opens that question in All Q&A", async () => {
    // 250 characters: within BANK_QUESTION_MAX (300), over SEARCH_MAX (200).
    const long =
      `If we could spend one whole week anywhere in the world, with no work, no phones and nobody expecting anything from us, ${"where would you take me and what would we do each day, ".repeat(2)}and which part would you most look forward to?`
        .slice(0, 249)
        .concat("?");
    expect(long.length).toBe(250);
    setQuestions([
      ...Array.from({ length: 12 }, (_, i) => ({
        question_id: 100 - i,
        question: `Newer question ${i + 1}?`,
        asked_at: "2026-03-01T12:00:00.000Z",
        responses: [],
      })),
      {
        question_id: 7,
        question: long,
        asked_at: "2026-01-01T12:00:00.000Z",
        responses: [{ username: "sam_r", response: "Lisbon, always", created_at: "2026-02-01T12:00:00.000Z" }],
      },
    ]);
    const toTheLongOne: SearchGroup = {
      ...answers,
      results: [
        {
          ...answers.results[0]!,
          title: long,
          question_id: 7,
          excerpt: [
            { text: "Lisbon", match: true },
            { text: ", always", match: false },
          ],
        },
      ],
    };
    setSearchGroups([toTheLongOne]);
    signInAs("alex");
    const { user } = renderApp("/search?q=lisbon");
    const group = await screen.findByRole("region", { name: "Answers (1)" });
    await user.click(within(group).getByRole("link", { name: /^Open / }));
    await screen.findByRole("heading", { level: 1, name: "All Q&A" });
    expect(await screen.findByText(long, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
