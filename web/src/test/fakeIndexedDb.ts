// jsdom has no IndexedDB: fake-indexeddb is one, in memory, for the calling test file's device.
import { IDBFactory } from "fake-indexeddb";
import { afterAll, beforeAll } from "vitest";

/** Gives the calling test file a device with IndexedDB (one, in memory), taken away after its tests. */
export function withFakeIndexedDb(): void {
  const withoutIndexedDb = Object.getOwnPropertyDescriptor(globalThis, "indexedDB");
  beforeAll(() => {
    Object.defineProperty(globalThis, "indexedDB", { value: new IDBFactory(), configurable: true, writable: true });
  });
  afterAll(() => {
    if (withoutIndexedDb) Object.defineProperty(globalThis, "indexedDB", withoutIndexedDb);
    else Reflect.deleteProperty(globalThis, "indexedDB");
  });
}
