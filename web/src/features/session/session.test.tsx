import { USERNAME_STORAGE_KEY } from "@spankbank/shared/limits";
import { screen, waitFor } from "@testing-library/react";
import { delay, HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryKeys } from "@/features/memories/api/keys";
import { failure, loginBodies, resetAuth, signInAs } from "@/test/handlers/auth";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

const signInPage = () => screen.findByRole("heading", { level: 1, name: "Welcome back, love" });

async function fillSignIn(user: ReturnType<typeof renderApp>["user"], username: string, password: string) {
  await user.type(screen.getByLabelText("Username"), username);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sign-in", () => {
  it("posts the username and password, stores the username and goes to /dashboard", async () => {
    const { router, user } = renderApp("/signin");
    await signInPage();

    await fillSignIn(user, "alex", "alex-demo-pass");

    await screen.findByRole("heading", { level: 1, name: "Hello, Alex" });
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(loginBodies()).toEqual([{ username: "alex", password: "alex-demo-pass" }]);
    expect(localStorage.getItem(USERNAME_STORAGE_KEY)).toBe("alex");
    expect(screen.getByText("Welcome, Alex!")).toBeInTheDocument();
  });

  it("shows 'Invalid username or password' on a 401 and logs it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { router, user } = renderApp("/signin");
    await signInPage();

    await fillSignIn(user, "alex", "wrong");

    await screen.findByText("Invalid username or password");
    expect(logged).toHaveBeenCalledWith("Invalid username or password");
    expect(router.state.location.pathname).toBe("/signin");
    expect(localStorage.getItem(USERNAME_STORAGE_KEY)).toBeNull();
  });

  it("says how many tries are left after each wrong password, down to the pause", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderApp("/signin");
    await signInPage();
    const said: string[] = [];
    for (let i = 0; i < 5; i++) {
      await user.clear(screen.getByLabelText("Password"));
      await user.clear(screen.getByLabelText("Username"));
      await fillSignIn(user, "alex", "wrong");
      const alert = await screen.findByRole("alert");
      said.push(alert.textContent ?? "");
    }
    expect(said).toEqual([
      "Invalid username or password4 tries left before sign-in pauses for 15 minutes.",
      "Invalid username or password3 tries left before sign-in pauses for 15 minutes.",
      "Invalid username or password2 tries left before sign-in pauses for 15 minutes.",
      "Invalid username or password1 try left before sign-in pauses for 15 minutes.",
      "Invalid username or passwordNo tries left: sign-in pauses for 15 minutes.",
    ]);
  });

  it("shows the server's message when there were too many attempts (429)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(
      http.post("/api/auth/login", () =>
        failure(429, "Too Many Requests", "Too many failed sign-ins. Try again in 15 minutes."),
      ),
    );
    const { user } = renderApp("/signin");
    await signInPage();

    await fillSignIn(user, "alex", "alex-demo-pass");

    expect(await screen.findByRole("alert")).toHaveTextContent("Too many failed sign-ins. Try again in 15 minutes.");
  });

  it("sends a signed-out visit to /inventory to /signin, and back to /inventory after signing in", async () => {
    const { router, user } = renderApp("/inventory");
    await signInPage();
    expect(router.state.location.pathname).toBe("/signin");
    expect(router.state.location.search).toEqual({ redirect: "/inventory" });

    await fillSignIn(user, "sam", "sam-demo-pass");

    await screen.findByRole("heading", { level: 1, name: "Your Inventory" });
    expect(router.state.location.pathname).toBe("/inventory");
  });

  it.each(["%2F%2Fevil.example%2F", "%2F%5Cevil.example", "%2F%09%2Fevil.example", "https%3A%2F%2Fevil.example"])(
    "ignores a redirect that leaves the app (%s)",
    async (redirect) => {
      const { router, user } = renderApp(`/signin?redirect=${redirect}`);
      await signInPage();

      await fillSignIn(user, "alex", "alex-demo-pass");

      await screen.findByRole("heading", { level: 1, name: "Hello, Alex" });
      expect(router.state.location.pathname).toBe("/dashboard");
    },
  );
});

describe("the session on startup", () => {
  it("shows 'Loading...' until the session answers", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get("/api/auth/session", async () => {
        await answered;
        return HttpResponse.json(null);
      }),
    );
    renderApp("/");

    expect(screen.getByText("Loading...")).toBeInTheDocument();
    await delay(50);
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();

    answer();

    await screen.findByRole("heading", { level: 1, name: "Made for the two of us" });
    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
  });

  it("shows the welcome page and a Sign In link to signed-out visitors of /", async () => {
    renderApp("/");

    await screen.findByRole("heading", { level: 1, name: "Made for the two of us" });
    const links = screen.getAllByRole("link", { name: "Sign In" });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute("href", "/signin");
    expect(screen.getByRole("link", { name: "Spank Bank" })).toHaveAttribute("href", "/");
    expect(screen.queryByText(/Welcome, /)).not.toBeInTheDocument();
  });

  it.each(["/", "/signin"])("sends a signed-in visit to %s to /dashboard", async (path) => {
    signInAs("alex");
    const { router } = renderApp(path);

    await screen.findByRole("heading", { level: 1, name: "Hello, Alex" });
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("trusts the cookie, not local storage", async () => {
    localStorage.setItem(USERNAME_STORAGE_KEY, "alex");
    const { router } = renderApp("/dashboard");

    await signInPage();
    expect(router.state.location.pathname).toBe("/signin");
  });

  it("sends the partner back to sign-in when an /api call says the session has ended", async () => {
    signInAs("alex");
    const { router, queryClient } = renderApp("/memories");
    await screen.findByRole("heading", { level: 1, name: "Love in Every Memory" });
    // The page's own reads are done: the 401 below answers the next one.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    // The session expired on the server: the page's next call answers 401.
    resetAuth();
    let refused = 0;
    server.use(
      http.get("/api/memories", () => {
        refused += 1;
        return failure(401, "Unauthorized", "Sign in first");
      }),
    );
    await queryClient.invalidateQueries({ queryKey: memoryKeys.all });
    expect(refused).toBeGreaterThan(0);

    await signInPage();
    expect(router.state.location.pathname).toBe("/signin");
    expect(router.state.location.search).toEqual({ redirect: "/memories" });
    expect(screen.queryByText("Welcome, Alex!")).not.toBeInTheDocument();
  });

  describe("after a session ended on a page", () => {
    /** Alex's session ends on the server while the tablet shows Alex's search: the page goes to sign-in. */
    async function alexsSessionEndsOnSearch() {
      signInAs("alex");
      const app = renderApp("/search?q=engagement%20ring");
      await waitFor(() => expect(app.router.state.location.pathname).toBe("/search"));
      await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
      resetAuth();
      server.use(http.get("/api/search", () => failure(401, "Unauthorized", "Sign in first"), { once: true }));
      await app.queryClient.invalidateQueries();
      await signInPage();
      return app;
    }

    it("sends the other partner signing in to /dashboard, not to the search the first was making", async () => {
      const { router, user } = await alexsSessionEndsOnSearch();
      await user.type(screen.getByLabelText("Username"), "sam");
      await user.type(screen.getByLabelText("Password"), "sam-demo-pass");
      await user.click(screen.getByRole("button", { name: "Sign In" }));
      await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
      expect(document.body.innerHTML).not.toContain("engagement ring");
    });

    it("takes the same partner back to the page they were on", async () => {
      const { router, user } = await alexsSessionEndsOnSearch();
      await user.type(screen.getByLabelText("Username"), "alex");
      await user.type(screen.getByLabelText("Password"), "alex-demo-pass");
      await user.click(screen.getByRole("button", { name: "Sign In" }));
      await waitFor(() => expect(router.state.location.pathname).toBe("/search"));
      expect(router.state.location.search).toEqual({ q: "engagement ring" });
    });
  });
});
