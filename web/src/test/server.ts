import { setupServer } from "msw/node";
import { authHandlers } from "./handlers/auth";
import { backupHandlers } from "./handlers/backups";
import { bountyHandlers } from "./handlers/bounties";
import { economyHandlers } from "./handlers/economy";
import { exportHandlers } from "./handlers/export";
import { inventoryHandlers } from "./handlers/inventory";
import { laterLetterHandlers } from "./handlers/laterLetters";
import { letterHandlers } from "./handlers/letters";
import { memoryHandlers } from "./handlers/memories";
import { myDayHandlers } from "./handlers/myDay";
import { nudgeHandlers } from "./handlers/nudges";
import { ourYearHandlers } from "./handlers/ourYear";
import { passkeyHandlers } from "./handlers/passkeys";
import { productHandlers } from "./handlers/products";
import { questionHandlers } from "./handlers/questions";
import { searchHandlers } from "./handlers/search";
import { storyHandlers } from "./handlers/story";
import { streakHandlers } from "./handlers/streak";
import { visitHandlers } from "./handlers/visits";
import { workoutHandlers } from "./handlers/workouts";

/** The /api as the tests see it: one handler file per resource. */
export const server = setupServer(
  ...authHandlers,
  ...memoryHandlers,
  ...questionHandlers,
  ...workoutHandlers,
  ...productHandlers,
  ...economyHandlers,
  ...inventoryHandlers,
  ...letterHandlers,
  ...laterLetterHandlers,
  ...exportHandlers,
  ...backupHandlers,
  ...myDayHandlers,
  ...visitHandlers,
  ...nudgeHandlers,
  ...streakHandlers,
  ...searchHandlers,
  ...storyHandlers,
  ...bountyHandlers,
  ...passkeyHandlers,
  ...ourYearHandlers,
);
