// One side of the decline-versus-confirm race (favourRace.test.ts): its own connection, started
// at the same instant as the other side through a shared barrier.
import { parentPort, workerData } from "node:worker_threads";
import { openDb } from "@spankbank/db/client";
import { declineRedemption } from "@spankbank/db/decline";
import { confirmRedemption } from "@spankbank/db/inventory";

const { path, side, actorId, redemptionIds, barrier } = workerData;
const db = openDb(path);
const gate = new Int32Array(barrier);
Atomics.add(gate, 0, 1);
while (Atomics.load(gate, 0) < 2) Atomics.wait(gate, 0, 1, 5);
const won = [];
const refused = [];
for (const id of redemptionIds) {
  try {
    if (side === "decline") declineRedemption(db, actorId, id, "Not this time");
    else confirmRedemption(db, actorId, id);
    won.push(id);
  } catch (error) {
    if (error?.name !== "Refusal") throw error;
    refused.push(id);
  }
}
db.$client.close();
parentPort.postMessage({ won, refused });
