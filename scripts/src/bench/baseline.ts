import { createHash } from "node:crypto";
import BetterSqlite3 from "better-sqlite3";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * The least the stack can do for each benchmarked route: bare Fastify and better-sqlite3 running
 * the same SQL statements as the app's route (session lookup included, each bound value written
 * `+?` as db's `param` writes it), each prepared once, answered with `JSON.stringify`. Keep each handler in step with its route when the route's
 * queries change.
 */
export async function buildBaseline(
  databasePath: string,
  options: { headers?: Record<string, string> } = {},
): Promise<FastifyInstance> {
  const sqlite = new BetterSqlite3(databasePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = FULL");

  const sql = {
    session: sqlite.prepare(
      `SELECT users.* FROM sessions INNER JOIN users ON users.id = sessions.user_id
       WHERE sessions.token_hash = +? AND sessions.expires_at > +?`,
    ),
    balance: sqlite.prepare("SELECT balance FROM accounts WHERE user_id = +?"),
    accountOfUser: sqlite.prepare("SELECT id FROM accounts WHERE user_id = +?"),
    accountByName: sqlite.prepare("SELECT id FROM accounts WHERE name = +?"),
    latestQuestion: sqlite.prepare("SELECT * FROM questions ORDER BY asked_at DESC, id DESC LIMIT 1"),
    answersTo: sqlite.prepare(
      `SELECT answers.question_id, users.response_name AS username, answers.response, answers.created_at
       FROM answers INNER JOIN users ON users.id = answers.user_id WHERE answers.question_id IN (+?) ORDER BY users.id`,
    ),
    // As db/src/products.ts: a page of the Shop, the partner's favours first, then one's own.
    shelfCount: sqlite.prepare("SELECT count(*) AS total FROM products WHERE removed_at IS NULL"),
    sellerCount: sqlite.prepare("SELECT count(*) AS total FROM products WHERE seller_id = +? AND removed_at IS NULL"),
    othersPage: sqlite.prepare(
      `SELECT products.id, products.name, products.description, products.quantity, products.price,
         users.username, products.created_at, products.use_within_days, products.updated_at
       FROM products INNER JOIN users ON users.id = products.seller_id
       WHERE products.removed_at IS NULL AND products.seller_id <> +?
       ORDER BY products.created_at DESC, products.id DESC LIMIT +? OFFSET +?`,
    ),
    sellerPage: sqlite.prepare(
      `SELECT products.id, products.name, products.description, products.quantity, products.price,
         users.username, products.created_at, products.use_within_days, products.updated_at
       FROM products INNER JOIN users ON users.id = products.seller_id
       WHERE products.seller_id = +? AND products.removed_at IS NULL
       ORDER BY products.created_at DESC, products.id DESC LIMIT +? OFFSET +?`,
    ),
    inventoryCount: sqlite.prepare(
      "SELECT count(*) AS total FROM inventory_items WHERE buyer_id = +? AND quantity > 0",
    ),
    inventory: sqlite.prepare(
      `SELECT inventory_items.id, inventory_items.product_id AS productId, inventory_items.name,
         inventory_items.description, inventory_items.quantity, inventory_items.price, users.username,
         (SELECT time_zone FROM users WHERE users.id = inventory_items.buyer_id) AS buyerTimeZone,
         (SELECT MIN(purchases.use_by) FROM purchases WHERE purchases.inventory_item_id = inventory_items.id
           AND purchases.redemption_id IS NULL AND purchases.expired_at IS NULL) AS useBy
       FROM inventory_items INNER JOIN users ON users.id = inventory_items.seller_id
       WHERE inventory_items.buyer_id = +? AND inventory_items.quantity > 0 ORDER BY inventory_items.id DESC
       LIMIT +? OFFSET +?`,
    ),
    // As db/src/memoryPages.ts and db/src/media.ts: the board's page and its images.
    writeVersion: sqlite
      .prepare("SELECT (SELECT data_version FROM pragma_data_version) || ':' || total_changes()")
      .pluck(),
    visibleCount: sqlite.prepare("SELECT count(*) AS total FROM memories WHERE deleted_at IS NULL"),
    memoryPage: sqlite.prepare(
      `SELECT memories.id, memories.message, users.response_name AS username, memories.created_at
       FROM memories INNER JOIN users ON users.id = memories.user_id
       WHERE memories.deleted_at IS NULL ORDER BY memories.created_at DESC, memories.id DESC LIMIT +? OFFSET +?`,
    ),
    imagesOf: sqlite.prepare(
      `SELECT id, memory_id AS memoryId, file_name AS fileName, content_type AS contentType, size FROM memory_images
       WHERE memory_id IN (SELECT value FROM json_each(+?)) ORDER BY id`,
    ),
    // As db/src/questionPages.ts: a page of the questions (no search) and that page's answers.
    questionCount: sqlite.prepare("SELECT count(*) AS total FROM questions WHERE text LIKE +? ESCAPE '\\'"),
    questionPage: sqlite.prepare(
      `SELECT id, text, asked_at FROM questions WHERE text LIKE +? ESCAPE '\\'
       ORDER BY asked_at DESC, id DESC LIMIT +? OFFSET +?`,
    ),
    answersOfPage: sqlite.prepare(
      `SELECT answers.question_id, users.response_name AS username, answers.response, answers.created_at
       FROM answers INNER JOIN users ON users.id = answers.user_id
       WHERE answers.question_id IN (SELECT id FROM questions WHERE text LIKE +? ESCAPE '\\'
         ORDER BY asked_at DESC, id DESC LIMIT +? OFFSET +?)
       ORDER BY answers.question_id, answers.user_id`,
    ),
    // As db/src/purchase.ts: keys older than a day go through the created_at index.
    forgetOldKeys: sqlite.prepare("DELETE FROM idempotency_keys WHERE created_at < +?"),
    storedKey: sqlite.prepare("SELECT request, outcome FROM idempotency_keys WHERE user_id = +? AND key = +?"),
    activeProduct: sqlite.prepare("SELECT * FROM products WHERE id = +? AND removed_at IS NULL"),
    takeOne: sqlite.prepare("UPDATE products SET quantity = quantity - 1 WHERE id = +? AND quantity > 0"),
    addItem: sqlite.prepare(
      `INSERT INTO inventory_items (buyer_id, seller_id, product_id, name, description, price, quantity)
       VALUES (?, ?, ?, ?, ?, ?, 1)
       ON CONFLICT (buyer_id, product_id, price, name, description) DO UPDATE SET quantity = quantity + 1
       RETURNING id`,
    ),
    addPurchase: sqlite.prepare(
      `INSERT INTO purchases (inventory_item_id, buyer_id, product_id, price, created_at, use_by, remind_from)
       VALUES (?, ?, ?, ?, ?, NULL, NULL) RETURNING id`,
    ),
    debit: sqlite.prepare("UPDATE accounts SET balance = balance - +? WHERE id = +? RETURNING balance"),
    credit: sqlite.prepare("UPDATE accounts SET balance = balance + +? WHERE id = +? RETURNING balance"),
    addTransfer: sqlite.prepare(
      `INSERT INTO transfers (debit_account_id, credit_account_id, amount, kind, reference, memo,
         debit_balance_after, credit_balance_after, created_at)
       VALUES (?, ?, ?, 'purchase', ?, ?, ?, ?, ?) RETURNING *`,
    ),
    setTransfer: sqlite.prepare("UPDATE purchases SET transfer_id = +? WHERE id = +?"),
    userById: sqlite.prepare("SELECT * FROM users WHERE id = +?"),
    addEvent: sqlite.prepare("INSERT INTO outbox (kind, payload, created_at) VALUES ('item_bought', ?, ?)"),
    storeKey: sqlite.prepare(
      "INSERT INTO idempotency_keys (user_id, key, request, outcome, created_at) VALUES (?, ?, ?, ?, ?)",
    ),
  };

  type User = { id: number; username: string; response_name: string };
  const signedIn = (request: FastifyRequest, reply: FastifyReply): User | undefined => {
    const token = /spankbank_session=([^;]+)/.exec(request.headers.cookie ?? "")?.[1];
    const hash = token ? createHash("sha256").update(token).digest("hex") : "";
    const user = sql.session.get(hash, new Date().toISOString()) as User | undefined;
    if (!user) void reply.code(401).send('{"statusCode":401,"error":"Unauthorized","message":"Sign in first"}');
    return user;
  };
  const json = (reply: FastifyReply, body: unknown) =>
    reply.header("content-type", "application/json; charset=utf-8").send(JSON.stringify(body));

  const purchase = sqlite.transaction((buyer: User, productId: number, key: string | undefined) => {
    const now = new Date();
    const request = `productId=${productId}`;
    if (key !== undefined) {
      sql.forgetOldKeys.run(new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString());
      const stored = sql.storedKey.get(buyer.id, key) as { request: string; outcome: string } | undefined;
      if (stored) return { statusCode: 200, body: JSON.parse(stored.outcome) as unknown };
    }
    const product = sql.activeProduct.get(productId) as
      | { id: number; seller_id: number; name: string; description: string; quantity: number; price: number }
      | undefined;
    const { balance } = sql.balance.get(buyer.id) as { balance: number };
    if (!product || product.quantity < 1 || product.seller_id === buyer.id || balance < product.price) {
      return { statusCode: 409, body: { success: false, message: "refused" } };
    }
    sql.takeOne.run(productId);
    const item = sql.addItem.get(
      buyer.id,
      product.seller_id,
      productId,
      product.name,
      product.description,
      product.price,
    ) as {
      id: number;
    };
    const createdAt = now.toISOString();
    const bought = sql.addPurchase.get(item.id, buyer.id, productId, product.price, createdAt) as { id: number };
    const from = (sql.accountOfUser.get(buyer.id) as { id: number }).id;
    const to = (sql.accountByName.get("escrow") as { id: number }).id;
    sql.balance.get(buyer.id);
    const debit = sql.debit.get(product.price, from) as { balance: number };
    const credit = sql.credit.get(product.price, to) as { balance: number };
    const memo = `Bought "${product.name}"`;
    const paid = sql.addTransfer.get(
      from,
      to,
      product.price,
      `purchase:${bought.id}`,
      memo,
      debit.balance,
      credit.balance,
      createdAt,
    ) as { id: number };
    sql.setTransfer.run(paid.id, bought.id);
    const seller = sql.userById.get(product.seller_id) as User;
    const event = { purchaseId: bought.id, productId, buyerId: buyer.id, buyerUsername: buyer.username };
    sql.addEvent.run(JSON.stringify({ ...event, sellerId: seller.id, sellerUsername: seller.username }), createdAt);
    const after = sql.balance.get(buyer.id) as { balance: number };
    const answer = {
      statusCode: 200,
      body: { success: true, newSpankTotal: after.balance, message: `You bought "${product.name}".` },
    };
    if (key !== undefined) sql.storeKey.run(buyer.id, key, request, JSON.stringify({ answer: answer.body }), createdAt);
    return answer;
  }).immediate;

  const app = Fastify({ logger: false });
  const { headers } = options;
  // With `headers` (the in-process bench's fairness check), every answer carries them as the app's do.
  if (headers !== undefined) {
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  }
  app.get("/api/spankTotal", async (request, reply) => {
    const user = signedIn(request, reply);
    if (!user) return reply;
    return json(reply, { spankTotal: (sql.balance.get(user.id) as { balance: number }).balance });
  });
  app.get("/api/latestQuestion", async (request, reply) => {
    if (!signedIn(request, reply)) return reply;
    const question = sql.latestQuestion.get() as { id: number; text: string; asked_at: string } | undefined;
    if (!question) return json(reply, null);
    const responses = (sql.answersTo.all(question.id) as { question_id: number }[]).map(
      ({ question_id: _id, ...response }) => response,
    );
    return json(reply, { question_id: question.id, question: question.text, asked_at: question.asked_at, responses });
  });
  /** Bare, the first 100 as a plain list (LIST_WINDOW); with a page, that page (24 a page) and the totals. */
  const pageOf = (query: { page?: string; pageSize?: string }, total: number) => {
    const bare = query.page === undefined && query.pageSize === undefined;
    const pageSize = Number(query.pageSize ?? (bare ? 100 : 24));
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const page = Math.min(Number(query.page ?? 1), pageCount);
    return { bare, page, pageCount, total, limit: pageSize, offset: (page - 1) * pageSize };
  };
  type PageQuery = { Querystring: { page?: string; pageSize?: string } };
  app.get<PageQuery>("/api/products", async (request, reply) => {
    const user = signedIn(request, reply);
    if (!user) return reply;
    const { total } = sql.shelfCount.get() as { total: number };
    const others = total - (sql.sellerCount.get(user.id) as { total: number }).total;
    const { bare, limit, offset, ...pages } = pageOf(request.query, total);
    const fromOthers = offset < others ? (sql.othersPage.all(user.id, limit, offset) as unknown[]) : [];
    const left = limit - fromOthers.length;
    const own = left > 0 ? sql.sellerPage.all(user.id, left, Math.max(0, offset - others)) : [];
    const products = [...fromOthers, ...own];
    return json(reply, bare ? products : { products, ...pages });
  });
  app.get<PageQuery>("/api/inventory", async (request, reply) => {
    const user = signedIn(request, reply);
    if (!user) return reply;
    const { total } = sql.inventoryCount.get(user.id) as { total: number };
    const { bare, limit, offset, ...pages } = pageOf(request.query, total);
    const inventory = sql.inventory.all(user.id, limit, offset);
    return json(reply, bare ? { inventory } : { inventory, ...pages });
  });
  let counted = { version: "", total: 0 };
  app.get<{ Querystring: { page?: string; pageSize?: string } }>("/api/memories", async (request, reply) => {
    if (!signedIn(request, reply)) return reply;
    // Bare, the newest 100 as a plain list (LIST_WINDOW); with a page, that page and the total.
    const bare = request.query.page === undefined && request.query.pageSize === undefined;
    const version = sql.writeVersion.get() as string;
    if (version !== counted.version) {
      counted = { version, total: (sql.visibleCount.get() as { total: number }).total };
    }
    const pageSize = Number(request.query.pageSize ?? (bare ? 100 : 5));
    const pageCount = Math.max(1, Math.ceil(counted.total / pageSize));
    const page = Math.min(Number(request.query.page ?? 1), pageCount);
    const rows = sql.memoryPage.all(pageSize, (page - 1) * pageSize) as { id: number }[];
    const images = imageLinks(sql.imagesOf.all(JSON.stringify(rows.map((row) => row.id))) as ImageRow[]);
    const memories = rows.map((memory) => {
      const links = images.get(memory.id);
      return links ? { ...memory, images: links } : memory;
    });
    return json(reply, bare ? memories : { memories, page, pageCount, total: counted.total });
  });
  app.get<{ Querystring: { page?: string; pageSize?: string } }>("/api/questions", async (request, reply) => {
    if (!signedIn(request, reply)) return reply;
    const pageSize = Number(request.query.pageSize ?? 10);
    const { total } = sql.questionCount.get("%%") as { total: number };
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const page = Math.min(Number(request.query.page ?? 1), pageCount);
    const window = ["%%", pageSize, (page - 1) * pageSize] as const;
    const byQuestion = new Map<number, unknown[]>();
    for (const { question_id, ...answer } of sql.answersOfPage.all(...window) as { question_id: number }[]) {
      const given = byQuestion.get(question_id) ?? [];
      given.push(answer);
      byQuestion.set(question_id, given);
    }
    const questions = (sql.questionPage.all(...window) as { id: number; text: string; asked_at: string }[]).map(
      (row) => ({
        question_id: row.id,
        question: row.text,
        asked_at: row.asked_at,
        responses: byQuestion.get(row.id) ?? [],
      }),
    );
    return json(reply, { questions, page, pageCount, total });
  });
  app.post<{ Body: { productId: number } }>("/api/purchase", async (request, reply) => {
    const user = signedIn(request, reply);
    if (!user) return reply;
    const key = request.headers["idempotency-key"];
    const answer = purchase(user, request.body.productId, typeof key === "string" ? key : undefined);
    return json(reply.code(answer.statusCode), answer.body);
  });
  app.addHook("onClose", async () => {
    sqlite.close();
  });
  return app;
}

type ImageRow = { id: number; memoryId: number; fileName: string; contentType: string };

/** Each memory's images as `/api/media/{id}?v=` links. */
function imageLinks(rows: ImageRow[]): Map<number, { id: number; url: string; contentType: string }[]> {
  const images = new Map<number, { id: number; url: string; contentType: string }[]>();
  for (const image of rows) {
    const links = images.get(image.memoryId) ?? [];
    links.push({
      id: image.id,
      url: `/api/media/${image.id}?v=${encodeURIComponent(image.fileName)}`,
      contentType: image.contentType,
    });
    images.set(image.memoryId, links);
  }
  return images;
}
