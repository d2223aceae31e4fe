import { describe, expect, it } from "vitest";
import { PasswordCheckQueue } from "./passwordCheckQueue.js";

describe("the line of password checks", () => {
  it("runs one check at a time and refuses newcomers when the line is full", async () => {
    const queue = new PasswordCheckQueue(2);
    const first = await queue.enter(false)!;
    const second = queue.enter(false);
    const third = queue.enter(false);
    expect(second).toBeDefined();
    expect(third).toBeDefined();
    expect(queue.enter(false)).toBeUndefined();
    expect(queue.ahead).toBe(3);

    let started = false;
    void second!.then(() => {
      started = true;
    });
    await Promise.resolve();
    expect(started).toBe(false);
    first();
    first(); // a second release is ignored
    await second;
    expect(started).toBe(true);
    expect(queue.ahead).toBe(2);
  });

  it("puts a partner's known address ahead of every stranger, even when the line is full", async () => {
    const queue = new PasswordCheckQueue(2);
    const running = await queue.enter(false)!;
    const order: string[] = [];
    const wait = (name: string, known: boolean) =>
      queue.enter(known)!.then((release) => {
        order.push(name);
        release();
      });
    const strangers = [wait("stranger-1", false), wait("stranger-2", false)];
    const partner = wait("partner", true);
    running();
    await Promise.all([...strangers, partner]);
    expect(order).toEqual(["partner", "stranger-1", "stranger-2"]);
  });
});
