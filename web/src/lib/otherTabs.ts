/**
 * The app's tabs on one device share its cookie and what it keeps (the query cache, the pages):
 * when one signs out, or signs another partner in, every other tab must stop showing and keeping
 * what it holds, or the next to open the app (or the other partner, in a tab left open) sees it.
 * One channel per tab, for both sides: a BroadcastChannel never hears its own messages.
 */
const NAME = "spankbank:session";
let channel: BroadcastChannel | undefined;
let kept = true;

function open(): BroadcastChannel | undefined {
  if (channel === undefined && typeof BroadcastChannel !== "undefined") channel = new BroadcastChannel(NAME);
  return channel;
}

/** Whether this tab may still keep what it shows (false once another tab changed the session). */
export const keepingAllowed = (): boolean => kept;

/** Tells the other tabs that the session changed here (signed out, or a partner signed in). */
export function tellOtherTabs(): void {
  open()?.postMessage("session changed");
}

/** When another tab changes the session: this tab keeps nothing more, and `reload` runs. */
export function followOtherTabs(reload: () => void): void {
  const listening = open();
  if (listening) {
    listening.onmessage = () => {
      kept = false;
      reload();
    };
  }
}
