import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { inventoryKeys } from "@/features/inventory/api/keys";
import { signInAs } from "@/test/handlers/auth";
import { createSession } from "./session";

/** What a page of Alex's left in the cache: his inventory. */
const alexsInventory = { inventory: [{ id: 1, productId: 1, name: "Back massage", quantity: 1 }] };

describe("the cache across partners", () => {
  it("drops the previous partner's cached data when the other partner signs in", async () => {
    signInAs("alex");
    const queryClient = new QueryClient();
    const session = createSession(queryClient);
    queryClient.setQueryData(inventoryKeys.items(), alexsInventory);

    expect(await session.login("sam", "sam-demo-pass")).toBe(true);

    expect(session.username).toBe("sam");
    expect(queryClient.getQueryData(inventoryKeys.items())).toBeUndefined();
  });

  it("drops the partner's cached data at logout", async () => {
    signInAs("alex");
    const queryClient = new QueryClient();
    const session = createSession(queryClient);
    queryClient.setQueryData(inventoryKeys.items(), alexsInventory);

    await session.logout();

    expect(session.isLoggedIn).toBe(false);
    expect(queryClient.getQueryData(inventoryKeys.items())).toBeUndefined();
  });
});
