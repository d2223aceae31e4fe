import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";

/** Alex signs out from the menu, as on a tablet both partners use. */
export async function signOutFromMenu(user: UserEvent): Promise<void> {
  await user.click(await screen.findByRole("button", { name: "Open menu" }));
  await user.click(within(await screen.findByRole("dialog", { name: "Menu" })).getByRole("button", { name: "Logout" }));
}

/** Then Sam signs in on the same page, and the dashboard greets Sam. */
export async function samSignsIn(user: UserEvent): Promise<void> {
  await user.click((await screen.findAllByRole("link", { name: "Sign In" }))[0]!);
  await user.type(await screen.findByLabelText("Username"), "sam");
  await user.type(screen.getByLabelText("Password"), "sam-demo-pass");
  await user.click(screen.getByRole("button", { name: "Sign In" }));
  await screen.findByRole("heading", { level: 1, name: "Hello, Sam" });
}
