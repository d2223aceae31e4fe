/** English plural categories and numbers; made on first use (a page's first Intl object costs a phone a task). */
let englishPlural: Intl.PluralRules | undefined;
let englishNumber: Intl.NumberFormat | undefined;

/** "1 day", "2 days", "0 days", "20,000 memories": the count, grouped, and the word its English plural rule asks for. */
export function plural(count: number, one: string, other: string): string {
  englishPlural ??= new Intl.PluralRules("en");
  englishNumber ??= new Intl.NumberFormat("en");
  return `${englishNumber.format(count)} ${englishPlural.select(count) === "one" ? one : other}`;
}

/** "1 spank", "5 spanks": the count as the bot, the server and the page say it. */
export const spanks = (amount: number): string => plural(amount, "spank", "spanks");

/** A price as its label shows it: "1 Spank", "20 Spanks". */
export const spanksPrice = (amount: number): string => plural(amount, "Spank", "Spanks");
