/** "1 spank", "5 spanks": the count as the bot, the server and the page say it. */
export function spanks(amount: number): string {
  return `${amount} ${amount === 1 ? "spank" : "spanks"}`;
}
