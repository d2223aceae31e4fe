/** English plural categories; made on first use (a page's first Intl object costs a phone a task). */
let englishPlural: Intl.PluralRules | undefined;

/** "1 day", "2 days", "0 days": the count and the word its English plural rule asks for. */
export function plural(count: number, one: string, other: string): string {
  englishPlural ??= new Intl.PluralRules("en");
  return `${count} ${englishPlural.select(count) === "one" ? one : other}`;
}

/** "1 spank", "5 spanks": the count as the bot, the server and the page say it. */
export const spanks = (amount: number): string => plural(amount, "spank", "spanks");

/** A price as its label shows it: "1 Spank", "20 Spanks". */
export const spanksPrice = (amount: number): string => plural(amount, "Spank", "Spanks");
