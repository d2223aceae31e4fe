import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";

/** The SHA-256 of a file's bytes, in hex: how the media store names an image and an archive checks it. */
export const sha256OfFile = async (path: string): Promise<string> =>
  createHash("sha256")
    .update(await readFile(path))
    .digest("hex");
