import { existsSync } from "node:fs";
import BetterSqlite3 from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { Db } from "../client.js";
import { checkLedger } from "../ledger.js";
import type { AccountKind, TransferKind } from "../schema.js";
import * as schema from "../schema.js";

/** One broken rule, named so the operator knows where to look. */
export interface BrokenRule {
  rule: string;
  detail: string;
}

/**
 * Every promise DESIGN.md section 4 makes about money and memories, checked against the file:
 * SQLite's own integrity and foreign keys, the ledger, which way each kind of transfer moves,
 * escrow, inventory, the payment of each favour and the outbox.
 * An empty list means all is well. Read-only.
 */
export function checkDatabase(db: Db): BrokenRule[] {
  const checks: [string, () => BrokenRule[]][] = [
    ["integrity_check", () => integrity(db)],
    ["foreign_key_check", () => foreignKeys(db)],
    ["ledger", () => checkLedger(db).map((detail) => ({ rule: "ledger", detail }))],
    ["transfers", () => transferDirections(db)],
    ["escrow", () => escrow(db)],
    ["inventory", () => inventory(db)],
    ["favour payments", () => favourPayments(db)],
    ["favour units", () => favourUnits(db)],
    ["earned once", () => earnedOnce(db)],
    ["guess rewards", () => guessRewards(db)],
    ["bounty payments", () => bountyPayments(db)],
    ["outbox", () => outbox(db)],
  ];
  // A damaged file can fail a check outright (SQLITE_CORRUPT): that is a finding for the report,
  // and the checks after it still run.
  return checks.flatMap(([rule, check]) => {
    try {
      return check();
    } catch (error) {
      return [{ rule, detail: `cannot be read: ${(error as Error).message}` }];
    }
  });
}

/**
 * `checkDatabase` on a file, opened read-only (no migrations, nothing written): a file missing
 * or too damaged to open is a broken rule of its own, never a crash.
 */
export function checkDatabaseFile(path: string): BrokenRule[] {
  if (!existsSync(path)) return [{ rule: "file", detail: `there is no database at ${path}` }];
  let sqlite: BetterSqlite3.Database | undefined;
  try {
    sqlite = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
    sqlite.pragma("schema_version");
  } catch (error) {
    sqlite?.close();
    return [{ rule: "file", detail: `cannot be opened: ${(error as Error).message}` }];
  }
  try {
    return checkDatabase(drizzle(sqlite, { schema }) as unknown as Db);
  } finally {
    sqlite.close();
  }
}

/** SQLite's quick check (the integrity check without the index cross-checks): its findings, none when sound. */
export function quickCheck(sqlite: { pragma(source: string): unknown }): string[] {
  try {
    return (sqlite.pragma("quick_check") as { quick_check: string }[])
      .map((row) => row.quick_check)
      .filter((line) => line !== "ok");
  } catch (error) {
    return [`cannot be read: ${(error as Error).message}`];
  }
}

function integrity(db: Db): BrokenRule[] {
  const rows = db.$client.pragma("integrity_check") as { integrity_check: string }[];
  return rows
    .map((row) => row.integrity_check)
    .filter((line) => line !== "ok")
    .map((detail) => ({ rule: "integrity_check", detail }));
}

function foreignKeys(db: Db): BrokenRule[] {
  const rows = db.$client.pragma("foreign_key_check") as { table: string; rowid: number; parent: string }[];
  return rows.map((row) => ({
    rule: "foreign_key_check",
    detail: `${row.table} row ${row.rowid} points at a missing ${row.parent}`,
  }));
}

/**
 * Escrow holds the price of every unit bought and not yet settled: a unit leaves escrow when its
 * redemption is confirmed (paid to the seller) or declined (refunded), or when it expires unused
 * (refunded); and the reward of every bounty not yet approved or refunded. Counted from the
 * favours' and bounties' own rows, independently of the transfers.
 */
function escrow(db: Db): BrokenRule[] {
  const purchase = columnsOf(db, "purchases");
  const redemption = columnsOf(db, "redemptions");
  const bountiesHeld = hasTable(db, "bounties")
    ? `+ COALESCE((SELECT SUM(reward) FROM bounties WHERE status IN ('open', 'claimed', 'done')), 0)`
    : "";
  const row = db.$client
    .prepare(
      `SELECT
         (SELECT balance FROM accounts WHERE name = 'escrow') AS held,
         COALESCE((SELECT SUM(price) FROM purchases WHERE ${purchase("expired_at")} IS NULL), 0)
       - COALESCE((SELECT SUM(price) FROM redemptions
                   WHERE confirmed_at IS NOT NULL OR ${redemption("declined_at")} IS NOT NULL), 0)
       ${bountiesHeld} AS owed`,
    )
    .get() as { held: number | null; owed: number };
  if ((row.held ?? 0) === row.owed) return [];
  return [
    {
      rule: "escrow",
      detail: `escrow holds ${row.held ?? 0} spanks, but favours bought and not yet confirmed, declined or expired and bounties not yet approved or refunded are worth ${row.owed}`,
    },
  ];
}

/** Each inventory line holds what was bought of it, minus what was redeemed from it and what expired unused. */
function inventory(db: Db): BrokenRule[] {
  const purchase = columnsOf(db, "purchases");
  // Counted per line in one pass each, then joined: a subquery per line would read every purchase per line.
  const rows = db.$client
    .prepare(
      `SELECT i.id, i.name, i.quantity, COALESCE(bought.n, 0) - COALESCE(redeemed.n, 0) AS expected
       FROM inventory_items i
       LEFT JOIN (SELECT inventory_item_id AS item, COUNT(*) AS n FROM purchases
                  WHERE ${purchase("expired_at")} IS NULL GROUP BY inventory_item_id) bought ON bought.item = i.id
       LEFT JOIN (SELECT inventory_item_id AS item, COUNT(*) AS n FROM redemptions
                  GROUP BY inventory_item_id) redeemed ON redeemed.item = i.id
       WHERE i.quantity <> expected`,
    )
    .all() as { id: number; name: string; quantity: number; expected: number }[];
  return rows.map((row) => ({
    rule: "inventory",
    detail: `inventory item ${row.id} ("${row.name}") holds ${row.quantity}, but bought minus redeemed minus expired is ${row.expected}`,
  }));
}

/**
 * Each unit bought is settled one way at most: it expired unused (refunded) or was redeemed, never
 * both, and one redemption settles one unit, of the same buyer, at the price the unit was bought
 * for (what escrow pays out or back is what it took). Totals alone would let such damage cancel out.
 */
function favourUnits(db: Db): BrokenRule[] {
  const purchase = columnsOf(db, "purchases", "p");
  if (purchase("redemption_id") === "NULL") return [];
  const rows = db.$client
    .prepare(
      `SELECT 'purchase ' || p.id || ' expired unused and was redeemed too (redemption ' || p.redemption_id || ')' AS detail
       FROM purchases p WHERE p.redemption_id IS NOT NULL AND ${purchase("expired_at")} IS NOT NULL
       UNION ALL
       SELECT 'redemption ' || p.redemption_id || ' settles ' || COUNT(*) || ' units (purchases ' || group_concat(p.id) || ')'
       FROM purchases p WHERE p.redemption_id IS NOT NULL GROUP BY p.redemption_id HAVING COUNT(*) > 1
       UNION ALL
       SELECT 'redemption ' || r.id || ' is for ' || r.price || ' spanks by user ' || r.buyer_id ||
              ', but its unit (purchase ' || p.id || ') was bought for ' || p.price || ' by user ' || p.buyer_id AS detail
       FROM purchases p JOIN redemptions r ON r.id = p.redemption_id
       WHERE r.price <> p.price OR r.buyer_id <> p.buyer_id`,
    )
    .all() as { detail: string }[];
  return rows.map((row) => ({ rule: "favour units", detail: row.detail }));
}

/** The spanks each partner starts with, each answer's reward and each workout's are paid once (one transfer per reference). */
function earnedOnce(db: Db): BrokenRule[] {
  const rows = db.$client
    .prepare(
      `SELECT kind, reference, COUNT(*) AS n FROM transfers
       WHERE kind IN ('starting', 'answer', 'workout') AND reference IS NOT NULL
       GROUP BY kind, reference HAVING COUNT(*) > 1`,
    )
    .all() as { kind: string; reference: string; n: number }[];
  return rows.map((row) => ({
    rule: "earned once",
    detail: `${row.reference} is paid ${row.n} times (${row.kind} is paid once)`,
  }));
}

/**
 * A column of `table` as SQL (prefixed with `alias`), or NULL in a file from before the migration
 * that added it: every backup is checked, and so is an old one being restored.
 */
function columnsOf(db: Db, table: string, alias?: string): (column: string) => string {
  const present = new Set((db.$client.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name));
  return (column) => (present.has(column) ? (alias ? `${alias}.${column}` : column) : "NULL");
}

function hasTable(db: Db, table: string): boolean {
  return db.$client.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
}

/** Which way each kind of transfer moves spanks: from an account of the first kind to one of the second. */
const TRANSFER_DIRECTIONS: Record<TransferKind, readonly [AccountKind, AccountKind]> = {
  starting: ["mint", "user"],
  award: ["mint", "user"],
  workout: ["mint", "user"],
  answer: ["mint", "user"],
  demo: ["mint", "user"],
  purchase: ["user", "escrow"],
  confirm: ["escrow", "user"],
  refund: ["escrow", "user"],
  donation: ["user", "charity"],
  guess: ["mint", "user"],
  bounty: ["user", "escrow"],
  bounty_payout: ["escrow", "user"],
  bounty_refund: ["escrow", "user"],
};

/** Every transfer moves spanks the way its kind says (an earning comes from the mint, a donation goes to charity...). */
function transferDirections(db: Db): BrokenRule[] {
  const rows = db.$client
    .prepare(
      `SELECT t.id, t.kind, d.kind AS fromKind, c.kind AS toKind FROM transfers t
       JOIN accounts d ON d.id = t.debit_account_id
       JOIN accounts c ON c.id = t.credit_account_id`,
    )
    .all() as { id: number; kind: TransferKind; fromKind: AccountKind; toKind: AccountKind }[];
  return rows.flatMap((row) => {
    const direction = TRANSFER_DIRECTIONS[row.kind];
    if (direction && direction[0] === row.fromKind && direction[1] === row.toKind) return [];
    return [
      {
        rule: "transfers",
        detail: `transfer ${row.id} (${row.kind}) moves spanks from ${row.fromKind} to ${row.toKind}`,
      },
    ];
  });
}

/**
 * Each paid step of a favour has its one transfer, of its price, between the right partners:
 * the purchase (buyer to escrow), the confirm (escrow to seller), the refund of a decline or an
 * expiry (escrow to buyer); and every such transfer belongs to exactly one step.
 */
function favourPayments(db: Db): BrokenRule[] {
  const p = columnsOf(db, "purchases", "p");
  const r = columnsOf(db, "redemptions", "r");
  const steps = `
    SELECT 'purchase ' || p.id AS step, 'purchase' AS kind, p.transfer_id AS transfer, p.price AS price,
           p.buyer_id AS payer, NULL AS payee
      FROM purchases p WHERE p.price > 0 OR p.transfer_id IS NOT NULL
    UNION ALL
    SELECT 'expired purchase ' || p.id, 'refund', ${p("refund_transfer_id")}, p.price, NULL, p.buyer_id
      FROM purchases p WHERE ${p("expired_at")} IS NOT NULL AND (p.price > 0 OR ${p("refund_transfer_id")} IS NOT NULL)
    UNION ALL
    SELECT 'confirmed redemption ' || r.id, 'confirm', r.confirm_transfer_id, r.price, NULL, r.seller_id
      FROM redemptions r WHERE r.confirmed_at IS NOT NULL AND (r.price > 0 OR r.confirm_transfer_id IS NOT NULL)
    UNION ALL
    SELECT 'declined redemption ' || r.id, 'refund', ${r("decline_transfer_id")}, r.price, NULL, r.buyer_id
      FROM redemptions r WHERE ${r("declined_at")} IS NOT NULL AND (r.price > 0 OR ${r("decline_transfer_id")} IS NOT NULL)`;
  return paymentsOf(db, "favour payments", steps, ["purchase", "confirm", "refund"], "favour");
}

/**
 * Each bounty's reward is held by one transfer (poster to escrow), and an approved or refunded
 * bounty's leaves escrow by one more (to the doer, or back to the poster); every bounty transfer
 * belongs to exactly one such step, so a reward is never paid twice or both paid and refunded.
 */
function bountyPayments(db: Db): BrokenRule[] {
  if (!hasTable(db, "bounties")) return [];
  const steps = `
    SELECT 'bounty ' || b.id AS step, 'bounty' AS kind, b.escrow_transfer_id AS transfer, b.reward AS price,
           b.poster_id AS payer, NULL AS payee
      FROM bounties b
    UNION ALL
    SELECT 'approved bounty ' || b.id, 'bounty_payout', b.settle_transfer_id, b.reward, NULL, b.doer_id
      FROM bounties b WHERE b.status = 'approved'
    UNION ALL
    SELECT 'refunded bounty ' || b.id, 'bounty_refund', b.settle_transfer_id, b.reward, NULL, b.poster_id
      FROM bounties b WHERE b.status = 'refunded'`;
  return paymentsOf(db, "bounty payments", steps, ["bounty", "bounty_payout", "bounty_refund"], "bounty");
}

/**
 * The rule shared by favours and bounties: each step of `steps` (step, kind, transfer, price,
 * payer, payee) has its transfer of that kind and amount between the right partners, and each
 * transfer of `kinds` pays for exactly one step.
 */
function paymentsOf(db: Db, rule: string, steps: string, kinds: readonly TransferKind[], noun: string): BrokenRule[] {
  const wrong = db.$client
    .prepare(
      `SELECT s.step, s.kind, s.price, t.id AS transferId, t.kind AS transferKind, t.amount,
              d.user_id AS debitUser, c.user_id AS creditUser, s.payer, s.payee
       FROM (${steps}) s
       LEFT JOIN transfers t ON t.id = s.transfer
       LEFT JOIN accounts d ON d.id = t.debit_account_id
       LEFT JOIN accounts c ON c.id = t.credit_account_id
       WHERE t.id IS NULL OR t.kind <> s.kind OR t.amount <> s.price
          OR (s.payer IS NOT NULL AND d.user_id IS NOT s.payer)
          OR (s.payee IS NOT NULL AND c.user_id IS NOT s.payee)`,
    )
    .all() as {
    step: string;
    kind: string;
    price: number;
    transferId: number | null;
    transferKind: string | null;
    amount: number | null;
  }[];
  const problems: BrokenRule[] = wrong.map((row) => ({
    rule,
    detail:
      row.transferId === null
        ? `${row.step} (${row.price} spanks) has no ${row.kind} transfer`
        : `${row.step} (${row.price} spanks) is paid by transfer ${row.transferId} (${row.transferKind}, ${row.amount} spanks, between other partners or of another kind or amount)`,
  }));
  // Each transfer of these kinds pays for one step: none (left over) or several (paid twice) is wrong.
  const unmatched = db.$client
    .prepare(
      `SELECT id, kind, 0 AS steps FROM transfers
       WHERE kind IN (${kinds.map((kind) => `'${kind}'`).join(", ")})
         AND id NOT IN (SELECT transfer FROM (${steps}) WHERE transfer IS NOT NULL)
       UNION ALL
       SELECT t.id, t.kind, twice.steps FROM
         (SELECT transfer, COUNT(*) AS steps FROM (${steps}) WHERE transfer IS NOT NULL
          GROUP BY transfer HAVING COUNT(*) > 1) twice
       JOIN transfers t ON t.id = twice.transfer
       ORDER BY id`,
    )
    .all() as { id: number; kind: string; steps: number }[];
  for (const row of unmatched) {
    problems.push({
      rule,
      detail: `transfer ${row.id} (${row.kind}) pays for ${row.steps === 0 ? `no ${noun}` : `${row.steps} ${noun} steps`}`,
    });
  }
  return problems;
}

/**
 * A nailed guess rewards the question's two partners once each, by the same amount: every `guess`
 * transfer is for a question with a guess rated "nailed it", to a partner of its own reference
 * (`guess:<question>:<partner>`), and a question's guess rewards are none or one per partner.
 */
function guessRewards(db: Db): BrokenRule[] {
  const tables = new Set(
    (db.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (table) => table.name,
    ),
  );
  const nailed = tables.has("guesses")
    ? "EXISTS (SELECT 1 FROM guesses g WHERE g.question_id = r.question AND g.rating = 'nailed')"
    : "0";
  const rows = db.$client
    .prepare(
      `WITH r AS (
         SELECT t.id, t.amount, c.user_id AS paid,
                CAST(substr(t.reference, 7, instr(substr(t.reference, 7), ':') - 1) AS INTEGER) AS question,
                CAST(substr(t.reference, 7 + instr(substr(t.reference, 7), ':')) AS INTEGER) AS partner
         FROM transfers t JOIN accounts c ON c.id = t.credit_account_id
         WHERE t.kind = 'guess')
       SELECT 'transfer ' || r.id || ' (guess:' || r.question || ':' || r.partner || ') ' ||
              CASE WHEN NOT ${nailed} THEN 'rewards a question with no nailed guess'
                   ELSE 'pays another partner than its reference names' END AS detail
       FROM r WHERE NOT ${nailed} OR r.paid IS NOT r.partner
       UNION ALL
       SELECT 'question ' || question || ' has ' || COUNT(*) || ' guess rewards (' ||
              COUNT(DISTINCT partner) || ' partners, ' || COUNT(DISTINCT amount) || ' amounts)'
       FROM r GROUP BY question
       HAVING COUNT(*) <> 2 OR COUNT(DISTINCT partner) <> 2 OR COUNT(DISTINCT amount) <> 1`,
    )
    .all() as { detail: string }[];
  return rows.map((row) => ({ rule: "guess rewards", detail: row.detail }));
}

/**
 * Outbox events are delivered once, and one that keeps failing says why. One Discord message
 * announces one event, except a morning digest: several events, all for the same partner.
 */
function outbox(db: Db): BrokenRule[] {
  const problems: BrokenRule[] = [];
  const columns = new Set((db.$client.pragma("table_info(outbox)") as { name: string }[]).map((column) => column.name));
  if (columns.has("discord_message_id")) {
    const oneRecipient = columns.has("recipient_user_id")
      ? "AND NOT (COUNT(recipient_user_id) = COUNT(*) AND COUNT(DISTINCT recipient_user_id) = 1)"
      : "";
    const twice = db.$client
      .prepare(
        `SELECT discord_message_id AS message, COUNT(*) AS events FROM outbox
         WHERE discord_message_id IS NOT NULL GROUP BY discord_message_id HAVING COUNT(*) > 1 ${oneRecipient}`,
      )
      .all() as { message: string; events: number }[];
    for (const row of twice) {
      problems.push({ rule: "outbox", detail: `Discord message ${row.message} announces ${row.events} events` });
    }
  }
  const stuck = db.$client
    .prepare(
      `SELECT id, kind, attempts FROM outbox
       WHERE delivered_at IS NULL AND attempts > 0 AND (last_error IS NULL OR last_error = '')`,
    )
    .all() as { id: number; kind: string; attempts: number }[];
  for (const row of stuck) {
    problems.push({
      rule: "outbox",
      detail: `event ${row.id} (${row.kind}) failed ${row.attempts} time(s) with no reason logged`,
    });
  }
  return problems;
}

/** The report `npm run check` prints: one line per broken rule. */
export function describeBrokenRules(problems: BrokenRule[]): string {
  return problems.map((problem) => `  - [${problem.rule}] ${problem.detail}`).join("\n");
}
