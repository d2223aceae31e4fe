import { setupServer } from "msw/node";
import { authHandlers } from "./handlers/auth";
import { economyHandlers } from "./handlers/economy";
import { inventoryHandlers } from "./handlers/inventory";
import { productHandlers } from "./handlers/products";

/** The /api as the tests see it: one handler file per resource. */
export const server = setupServer(...authHandlers, ...productHandlers, ...economyHandlers, ...inventoryHandlers);
