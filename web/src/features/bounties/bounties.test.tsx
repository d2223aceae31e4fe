import { MEDIA_MAX_BYTES } from "@spankbank/shared/limits";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { failure, signInAs } from "@/test/handlers/auth";
import { bountyPhotoOf, doneAgainElsewhere, postedBountyBodies } from "@/test/handlers/bounties";
import { loseNextAnswer, WRITTEN_ALREADY } from "@/test/keyedWrites";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

async function bountiesAs(who: "alex" | "sam") {
  signInAs(who);
  renderApp("/spank-bank?tab=bounties");
  // The first render of a file loads the whole app: on a busy machine that can pass the usual wait.
  return screen.findByRole("form", { name: /^Post a bounty for / }, { timeout: 20_000 });
}

/** Alex posts "Send me a voice note", Sam marks it done ("Sent it"), and Alex's page shows that done. */
async function alexSeesSamsDone(user: ReturnType<typeof userEvent.setup>) {
  const form = await bountiesAs("alex");
  await screen.findByText("No bounties yet: post one above.");
  await user.type(within(form).getByRole("textbox", { name: "Task" }), "Send me a voice note");
  await user.click(within(form).getByRole("button", { name: "Post bounty" }));
  await screen.findByRole("listitem", { name: "Send me a voice note" });
  cleanup();
  await bountiesAs("sam");
  const card = await screen.findByRole("listitem", { name: "Send me a voice note" });
  await user.type(within(card).getByRole("textbox", { name: "How it went" }), "Sent it");
  await user.click(within(card).getByRole("button", { name: "Mark done" }));
  expect(await within(card).findByText("Done, with Alex")).toBeInTheDocument();
  cleanup();

  await bountiesAs("alex");
  const shown = await screen.findByRole("listitem", { name: "Send me a voice note" });
  expect(within(shown).getByText("“Sent it”")).toBeInTheDocument();
  return shown;
}

describe("the Spank Bank page's Bounties tab", { timeout: 30_000 }, () => {
  it("posts a bounty for the partner, who marks it done with a note for the poster to approve", async () => {
    const user = userEvent.setup();
    const form = await bountiesAs("alex");
    // Typed once the page has its data, so nothing rendered anew takes the words away.
    await screen.findByText("No bounties yet: post one above.");
    const task = within(form).getByRole("textbox", { name: "Task" });
    await user.type(task, "Send me a voice note of our song");
    expect(task).toHaveValue("Send me a voice note of our song");
    await user.click(within(form).getByRole("button", { name: "Post bounty" }));
    const posted = await screen.findByRole("listitem", { name: "Send me a voice note of our song" });
    expect(within(posted).getByText("Open")).toBeInTheDocument();
    cleanup();

    await bountiesAs("sam");
    const card = await screen.findByRole("listitem", { name: "Send me a voice note of our song" });
    await user.type(within(card).getByRole("textbox", { name: "How it went" }), "With the chorus");
    await user.click(within(card).getByRole("button", { name: "Mark done" }));
    expect(await within(card).findByText("Done, with Alex")).toBeInTheDocument();
    expect(within(card).getByText("“With the chorus”")).toBeInTheDocument();
    cleanup();

    await bountiesAs("alex");
    const toApprove = await screen.findByRole("listitem", { name: "Send me a voice note of our song" });
    expect(within(toApprove).getByText("Done, to approve")).toBeInTheDocument();
    expect(within(toApprove).getByRole("button", { name: /^Approve and pay / })).toBeInTheDocument();
  });

  it("pays nothing from a page that showed an earlier done: it says so, and the bounty waits to be approved", async () => {
    const user = userEvent.setup();
    const toApprove = await alexSeesSamsDone(user);
    // On the laptop Alex sent it back, and Sam did it again, while this page still shows the first done.
    doneAgainElsewhere(1, "Hummed it instead");
    await user.click(within(toApprove).getByRole("button", { name: /^Approve and pay / }));

    expect(
      await within(toApprove).findByText("It was done again since your page showed it: nothing was paid."),
    ).toBeInTheDocument();
    expect(within(toApprove).queryByText("Paid")).not.toBeInTheDocument();
  });

  it("sends nothing back from a page that showed an earlier done: it says so, and the new done waits", async () => {
    const user = userEvent.setup();
    const shown = await alexSeesSamsDone(user);
    // On the laptop Alex sent it back, and Sam did it again, while this page still shows the first done.
    doneAgainElsewhere(1, "Sang the whole song");
    await user.type(within(shown).getByRole("textbox", { name: "Why it's not done yet" }), "It was silent");
    await user.click(within(shown).getByRole("button", { name: "Send back" }));
    expect(
      await within(shown).findByText("It was done again since your page showed it: nothing was sent back."),
    ).toBeInTheDocument();
  });

  it("tells Sam in Florida when Alex's due day ends on Sam's clock: at 14:30 there, not at Sam's midnight", async () => {
    const user = userEvent.setup();
    const form = await bountiesAs("alex");
    await screen.findByText("No bounties yet: post one above.");
    await user.type(within(form).getByRole("textbox", { name: "Task" }), "Frame our photo");
    await user.type(within(form).getByLabelText(/^Due/), "2030-06-12");
    await user.click(within(form).getByRole("button", { name: "Post bounty" }));
    // Alex's own day, on Alex's own clock (India): it ends at midnight there.
    const posted = await screen.findByRole("listitem", { name: "Frame our photo" });
    expect(within(posted).getByText(/, due 2030-06-12$/)).toBeInTheDocument();
    cleanup();

    // Midnight in India is 14:30 in Florida: a done sent on Sam's evening of the 12th is refused.
    await bountiesAs("sam");
    const card = await screen.findByRole("listitem", { name: "Frame our photo" });
    expect(
      within(card).getByText(/, due 2030-06-12 \(until Wed,? 12 Jun 2030, 14:30 your time\)$/),
    ).toBeInTheDocument();
  });

  it("keeps the note typed for it when the partner claims it first: only what sent the note clears it", async () => {
    const user = userEvent.setup();
    const form = await bountiesAs("alex");
    await screen.findByText("No bounties yet: post one above.");
    await user.type(within(form).getByRole("textbox", { name: "Task" }), "Fix the bike");
    await user.click(within(form).getByRole("button", { name: "Post bounty" }));
    await screen.findByRole("listitem", { name: "Fix the bike" });
    cleanup();

    await bountiesAs("sam");
    const card = await screen.findByRole("listitem", { name: "Fix the bike" });
    const note = within(card).getByRole("textbox", { name: "How it went" });
    await user.type(note, "New chain, and it rides like new");
    await user.click(within(card).getByRole("button", { name: "Claim" }));
    expect(await within(card).findByText("Claimed")).toBeInTheDocument();
    expect(within(card).getByRole("textbox", { name: "How it went" })).toHaveValue("New chain, and it rides like new");
    await user.click(within(card).getByRole("button", { name: "Mark done" }));
    expect(await within(card).findByText("“New chain, and it rides like new”")).toBeInTheDocument();
  });

  it("posts one bounty for a double tap that lands before the button re-renders", async () => {
    const user = userEvent.setup();
    const form = await bountiesAs("alex");
    await screen.findByText("No bounties yet: post one above.");
    await user.type(within(form).getByRole("textbox", { name: "Task" }), "Water the plants");
    const post = within(form).getByRole("button", { name: "Post bounty" });
    act(() => {
      post.click();
      post.click();
    });
    await screen.findByRole("listitem", { name: "Water the plants" });
    await waitFor(() => expect(within(form).getByRole("textbox", { name: "Task" })).toHaveValue(""));
    expect(screen.getAllByRole("listitem", { name: "Water the plants" })).toHaveLength(1);
  });

  it("posts a bounty once when, after a lost answer, its task is corrected and it is posted again: its reward is held once", async () => {
    const user = userEvent.setup();
    const form = await bountiesAs("alex");
    await screen.findByText("No bounties yet: post one above.");
    const task = within(form).getByRole("textbox", { name: "Task" });
    await user.type(task, "Send me a voice note of our snog");
    loseNextAnswer();
    await user.click(within(form).getByRole("button", { name: "Post bounty" }));
    expect(await within(form).findByRole("alert")).toBeInTheDocument();
    // The partner fixes the typo and posts again.
    await user.clear(task);
    await user.type(task, "Send me a voice note of our song");
    await user.click(within(form).getByRole("button", { name: "Post bounty" }));

    await screen.findByText(WRITTEN_ALREADY);
    expect(postedBountyBodies()).toHaveLength(2);
    await screen.findByRole("listitem", { name: "Send me a voice note of our snog" });
    expect(screen.queryByRole("listitem", { name: "Send me a voice note of our song" })).not.toBeInTheDocument();
    await waitFor(() => expect(task).toHaveValue(""));

    // Posted: the next bounty is a new one.
    await user.type(task, "Water the plants");
    await user.click(within(form).getByRole("button", { name: "Post bounty" }));
    await screen.findByRole("listitem", { name: "Water the plants" });
  });

  it("marks it done with a photo, which the poster sees when approving; a photo too big is refused before sending", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const form = await bountiesAs("alex");
    await screen.findByText("No bounties yet: post one above.");
    const task = within(form).getByRole("textbox", { name: "Task" });
    await user.type(task, "Plant the tulips");
    expect(task).toHaveValue("Plant the tulips");
    await user.click(within(form).getByRole("button", { name: "Post bounty" }));
    await screen.findByRole("listitem", { name: "Plant the tulips" });
    cleanup();

    await bountiesAs("sam");
    const card = await screen.findByRole("listitem", { name: "Plant the tulips" });
    await user.type(within(card).getByRole("textbox", { name: "How it went" }), "All in a row");
    const photoInput = card.querySelector<HTMLInputElement>('input[type="file"]')!;
    const huge = new File([new Uint8Array(MEDIA_MAX_BYTES + 1)], "huge.png", { type: "image/png" });
    await user.upload(photoInput, huge);
    await user.click(within(card).getByRole("button", { name: "Mark done" }));
    expect(await within(card).findByRole("alert")).toHaveTextContent("The photo must be at most 8 MB.");
    expect(within(card).getByText("Open")).toBeInTheDocument();

    await user.upload(photoInput, new File([PNG], "tulips.png", { type: "image/png" }));
    await user.click(within(card).getByRole("button", { name: "Mark done" }));
    expect(await within(card).findByText("Done, with Alex")).toBeInTheDocument();
    const id = Number(/\/api\/bounties\/(\d+)\/photo/.exec(within(card).getByRole("img").getAttribute("src")!)![1]);
    expect(bountyPhotoOf(id)).toEqual(PNG);
    cleanup();

    await bountiesAs("alex");
    const toApprove = await screen.findByRole("listitem", { name: "Plant the tulips" });
    expect(within(toApprove).getByRole("img", { name: "Sam's photo of “Plant the tulips” done" })).toHaveAttribute(
      "src",
      `/api/bounties/${id}/photo`,
    );
    expect(within(toApprove).getByRole("button", { name: /^Approve and pay / })).toBeInTheDocument();
  });
});

/** The smallest PNG: a 1x1 pixel. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

describe("marking a bounty done without saying how it went", { timeout: 40_000 }, () => {
  it("sends nothing (not even the photo) and names the field to fill in", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const form = await bountiesAs("alex");
    await screen.findByText("No bounties yet: post one above.");
    await user.type(within(form).getByRole("textbox", { name: "Task" }), "Plant the tulips");
    await user.click(within(form).getByRole("button", { name: "Post bounty" }));
    await screen.findByRole("listitem", { name: "Plant the tulips" });
    cleanup();

    // As the real server answers an empty note: Fastify's validation message `body.note: must not be
    // empty` (server/src/plugins/errors.ts), whose field path the page strips (lib/api.ts FIELD_PATH).
    const doneBodies: unknown[] = [];
    server.use(
      http.post("/api/bounties/:id/done", async ({ request }) => {
        doneBodies.push(await request.json());
        return failure(400, "Bad Request", "body.note: must not be empty");
      }),
    );
    await bountiesAs("sam");
    const card = await screen.findByRole("listitem", { name: "Plant the tulips" });
    await user.upload(
      card.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([PNG], "tulips.png", { type: "image/png" }),
    );
    await user.click(within(card).getByRole("button", { name: "Mark done" }));
    // The field says so, and nothing is sent, not even the photo (the server's answer would reach
    // the card without its field's name).
    const howItWent = within(card).getByRole("textbox", { name: "How it went" });
    expect(howItWent).toHaveAccessibleDescription(expect.stringContaining("Say how it went."));
    expect(doneBodies).toHaveLength(0);
    await user.type(howItWent, "Planted by the gate");
    await user.click(within(card).getByRole("button", { name: "Mark done" }));
    await waitFor(() => expect(doneBodies).toHaveLength(1));
  });
});

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
