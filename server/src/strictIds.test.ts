import { askQuestion } from "@spankbank/db/questions";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "./test/app.js";
import { sessionCookie } from "./test/session.js";

const json = { "content-type": "application/json" };
const product = { name: "Back rub", description: "Twenty minutes", quantity: 1, price: 5 };

describe("ids are plain decimal integers", () => {
  it("refuses 0x1, 1e0, ' 1', 01 and 1.0 as a product id, leaving product 1 alone", async () => {
    const test = await buildTestApp();
    const cookie = sessionCookie(test, "alex");
    const created = await test.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { ...json, cookie },
      payload: product,
    });
    expect(created.json().product.id).toBe(1);
    for (const spelling of ["0x1", "1e0", "%201", "01", "1.0", "+1", "0"]) {
      const put = await test.app.inject({
        method: "PUT",
        url: `/api/products/${spelling}`,
        headers: { ...json, cookie },
        payload: { ...product, name: "Renamed" },
      });
      const remove = await test.app.inject({ method: "DELETE", url: `/api/products/${spelling}`, headers: { cookie } });
      expect({ spelling, put: put.statusCode, remove: remove.statusCode }).toEqual({ spelling, put: 400, remove: 400 });
      expect(put.json().message).toBe("params.id: must be a plain decimal id (1, 2, 3...)");
    }
    const stored = test.db.$client.prepare("SELECT name, removed_at FROM products WHERE id = 1").get();
    expect(stored).toEqual({ name: "Back rub", removed_at: null });
    const plain = await test.app.inject({
      method: "PUT",
      url: "/api/products/1",
      headers: { ...json, cookie },
      payload: { ...product, name: "Renamed" },
    });
    expect(plain.statusCode).toBe(200);
  });

  it("refuses a question id spelled otherwise, and a body questionId that is not the path's", async () => {
    const test = await buildTestApp();
    const cookie = sessionCookie(test, "alex");
    const { id: question_id } = askQuestion(test.db, { text: "What made you smile?", now: new Date() });
    const answer = (url: string, body: object) =>
      test.app.inject({ method: "PUT", url, headers: { ...json, cookie }, payload: { response: "You", ...body } });
    expect((await answer(`/api/questions/0x${question_id}`, {})).statusCode).toBe(400);
    expect((await answer(`/api/questions/${question_id}`, { questionId: "0x1" })).json().message).toBe(
      "body.questionId: must be a plain decimal id (1, 2, 3...)",
    );
    expect((await answer(`/api/questions/${question_id}`, { questionId: question_id + 1 })).statusCode).toBe(400);
    expect((await answer(`/api/questions/${question_id}`, { questionId: String(question_id) })).statusCode).toBe(200);
    expect((await answer(`/api/questions/${question_id}`, { questionId: question_id })).statusCode).toBe(200);
  });
});
