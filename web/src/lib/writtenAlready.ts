import { isWrittenAlready } from "./api";
import { toast } from "./toast";

/**
 * A form sent again, changed, after a lost answer, whose first send the server had written
 * (isWrittenAlready): nothing more was written, so the form closes (`close`), the server's plain
 * message shows as an info toast, and the page reads again what was written (the write's own
 * onSettled). Returns whether it was; any other error is the form's to show.
 */
export function closeIfWrittenAlready(error: unknown, close: () => void): boolean {
  if (!isWrittenAlready(error)) return false;
  toast.info(error.message);
  close();
  return true;
}
