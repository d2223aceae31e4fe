import { screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { failure, signInAs } from "@/test/handlers/auth";
import { setCharityTotal } from "@/test/handlers/economy";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

// A busy shared machine: renders in jsdom can take seconds (no speed is asserted).
vi.setConfig({ testTimeout: 30_000 });

function openCharity() {
  signInAs("alex");
  return renderApp("/floggers4change");
}

describe("the charity page", () => {
  it("titles the page with the charity, reads 'Loading total spanks donated...', then the total in the locale's format", async () => {
    let answer: () => void = () => {};
    let askedFor: string | null = null;
    server.use(
      http.get("/api/charitySpankTotal", async ({ request }) => {
        askedFor = new URL(request.url).searchParams.get("charityName");
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ charitySpankTotal: 12345 });
      }),
    );
    openCharity();
    await screen.findByRole("heading", { level: 1, name: "Floggers4Change" });
    await screen.findByText("Loading total spanks donated...");
    answer();
    await screen.findByText((12345).toLocaleString());
    expect(askedFor).toBe("Floggers4Change");
  });

  it("shows 0 when the total fails to load", async () => {
    server.use(http.get("/api/charitySpankTotal", () => failure(404, "Not Found", "Unknown charity")));
    openCharity();
    await screen.findByText("0");
    expect(screen.queryByText("Loading total spanks donated...")).not.toBeInTheDocument();
  });

  it("shows its pictures with alt text and a testimonial that invents no other couple", async () => {
    setCharityTotal(3);
    openCharity();
    await screen.findByRole("img", { name: "Two open hands lifting up a red heart" });
    expect(screen.getByRole("img", { name: /A wrapped gift/ })).toBeInTheDocument();
    expect(screen.getByText(/^Charity suffereth long, and is kind/)).toBeInTheDocument();
    expect(screen.getByText("— 1 Corinthians 13:4, King James Version")).toBeInTheDocument();
    expect(screen.queryByText(/Jo and Priya/)).not.toBeInTheDocument();
  });

  it("says plainly that spanks are symbolic", async () => {
    openCharity();
    expect(
      await screen.findByText(/^Spanks are symbolic: they are not money, and donating them sends nothing anywhere\./),
    ).toBeInTheDocument();
  });

  it("opens the 'Notice' modal from Donate Now, closed by Close", async () => {
    const { user } = openCharity();
    await user.click(await screen.findByRole("button", { name: "Donate Now" }));
    const notice = await screen.findByRole("dialog", { name: "Notice" });
    expect(notice).toHaveTextContent("We are still working on this.");
    await user.click(within(notice).getByRole("button", { name: "Close" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
