import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { setOnThisDay } from "@/test/handlers/memories";
import { renderApp } from "@/test/renderApp";

describe("On this day: a memory without words", { timeout: 30_000 }, () => {
  it("shows a voice message or a photo posted alone without an empty quote, as the board and the memory card do", async () => {
    setOnThisDay({
      date: "2026-11-22",
      memories: [
        {
          id: 3,
          message: "",
          username: "sam_r",
          created_at: "2025-11-22T12:00:00.000Z",
          images: [{ id: 9, url: "/api/media/9?v=beach.jpg", contentType: "image/jpeg" }],
          months_ago: 12,
        },
      ],
      answers: [],
    });
    signInAs("alex");
    renderApp("/dashboard");
    const onThisDay = await screen.findByRole("region", { name: "On this day" });
    expect(within(onThisDay).getByRole("img", { name: "A photo posted without words" })).toBeInTheDocument();
    expect(within(onThisDay).queryByText('""')).not.toBeInTheDocument();
  });
});
