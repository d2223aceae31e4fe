import { wishedTimeIn } from "@/lib/favourTime";

/**
 * A favour's moment on the signed-in partner's own clock (`timeZone`, from useMyClock), and saying
 * so: "Tue, Nov 24, 7:30 AM your time".
 */
export function YourTime({ at, timeZone }: { at: string; timeZone: string }) {
  return (
    <>
      <time dateTime={at}>{wishedTimeIn(at, timeZone)}</time>
      {" your time"}
    </>
  );
}
