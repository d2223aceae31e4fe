import { type SearchHit, type SearchKind, search } from "@spankbank/db/search";
import { foundCount } from "@spankbank/shared/contract/search";
import { DISCORD_MESSAGE_MAX, SEARCH_BOT_RESULTS_PER_KIND } from "@spankbank/shared/limits";
import { searchKindNames } from "@spankbank/shared/pages";
import { escapeMarkdown } from "discord.js";
import type { BotContext } from "../context.js";
import { discordTime } from "../post.js";

const KIND_NAMES: Record<SearchKind, string> = searchKindNames;

/** Where the web page shows it. */
function placeOf(hit: SearchHit): string {
  switch (hit.kind) {
    case "memory":
      return `Memory Board, page ${hit.boardPage}`;
    case "answer":
      return `Q & A: "${escapeMarkdown(hit.title ?? "")}"`;
    case "later_letter":
      return "Letters for later";
    case "letter":
      return "Christmas Letter";
    case "favour":
      return `the Spank Bank: ${escapeMarkdown(hit.title ?? "")}`;
  }
}

/** One result: the excerpt with the words found in bold (the rest escaped, so no text is read as markdown). */
function hitLine(hit: SearchHit): string {
  const excerpt = hit.excerpt
    .map((part) => (part.match ? `**${escapeMarkdown(part.text)}**` : escapeMarkdown(part.text)))
    .join("")
    .replace(/\s+/g, " ");
  return `• ${excerpt} (${hit.username}, ${discordTime(hit.createdAt, "D")}, ${placeOf(hit)})`;
}

/** What `/memory search` answers `userId`: each kind's newest few, and how many more the web page has. */
export function searchText({ db, config }: BotContext, userId: number, words: string): string {
  const groups = search(db, {
    readerId: userId,
    sealing: config.questions.revealAfterBothAnswered,
    text: words,
  }).filter((group) => group.total > 0);
  const asked = `"${escapeMarkdown(words.trim())}"`;
  if (groups.length === 0) return `Nothing found for ${asked}.`;
  const lines = [`🔎 Found for ${asked}, newest first:`];
  for (const group of groups) {
    lines.push(`**${KIND_NAMES[group.kind]}** (${foundCount(group)})`);
    for (const hit of group.results.slice(0, SEARCH_BOT_RESULTS_PER_KIND)) lines.push(hitLine(hit));
  }
  lines.push("Search on the web page for everything found.");
  let text = "";
  for (const line of lines) {
    // Whole lines only, within one Discord message.
    if (text.length + line.length + 1 > DISCORD_MESSAGE_MAX) break;
    text += (text ? "\n" : "") + line;
  }
  return text;
}
