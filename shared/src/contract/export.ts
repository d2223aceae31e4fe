import { z } from "zod";

/**
 * `GET /api/export/size`: about how many bytes "Download our data" is, worked out from the rows
 * without reading the archive (its photos, voices and videos by their recorded sizes, the words by
 * the database's), so a phone can be told before a download of gigabytes starts.
 */
export const exportSizeReply = z.object({ about_bytes: z.int() });
export type ExportSizeReply = z.infer<typeof exportSizeReply>;
