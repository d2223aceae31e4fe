// The content-addressed media store: each memory image once, named by the SHA-256 of its bytes.
import {
  chmodSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  type Stats,
  statSync,
} from "node:fs";
import { chmod, copyFile, rename, stat } from "node:fs/promises";
import { join } from "node:path";
import { sha256OfFile } from "../../fileHash.js";
import {
  backupsDirOf,
  existing,
  flushFile,
  flushFolder,
  legacyMediaOf,
  listBackups,
  type MediaEntry,
  manifestOf,
  mediaDirOf,
  mediaStoreOf,
  PRIVATE_FILE,
  PRIVATE_FOLDER,
  readManifest,
  readManifestIfWhole,
} from "./files.js";

/**
 * The media folder's images with their hashes, and how many bytes the store lacks. An image
 * the newest backup (or the `earlier` list of this one) already listed with the same size and
 * time is not read again: images are written once under a fresh name and never changed.
 */
export async function mediaToStore(
  databasePath: string,
  earlier: readonly MediaEntry[] = [],
): Promise<{ files: PlannedImage[]; newBytes: number }> {
  const folder = mediaDirOf(databasePath);
  if (!existsSync(folder)) return { files: [], newBytes: 0 };
  const known = new Map([...newestManifest(databasePath), ...earlier].map((entry) => [entry.name, entry]));
  const store = mediaStoreOf(databasePath);
  const files: PlannedImage[] = [];
  let newBytes = 0;
  for (const name of readdirSync(folder).sort()) {
    // A photo the bot is still downloading: no row names it yet, and it is renamed (gone) any moment.
    if (name.startsWith(PARTIAL_DOWNLOAD)) continue;
    const source = join(folder, name);
    let info: Stats;
    let sha256: string;
    try {
      info = await stat(source);
      if (!info.isFile()) continue;
      const before = known.get(name);
      sha256 =
        before && before.size === info.size && before.mtimeMs === info.mtimeMs
          ? before.sha256
          : await sha256OfFile(source);
    } catch (error) {
      if (removedMeanwhile(error)) continue;
      throw error;
    }
    const stored = storeHolds(join(store, sha256), info.size);
    if (!stored) newBytes += info.size;
    files.push({ name, source, sha256, size: info.size, mtimeMs: info.mtimeMs, stored });
  }
  return { files, newBytes };
}

/**
 * A photo gone from the media folder since it was listed: the trash's purge or the bot (a photo
 * taken out of its Discord message) removed it, on another thread, once no row of the app named
 * it. The backup goes on without it (a row of its copy may still name it: a memory due for the
 * purge, a photo its author took out), where failing would leave the night without a backup.
 */
function removedMeanwhile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

/** How the bot names a photo it is still downloading into the media folder (bot/src/images.ts). */
const PARTIAL_DOWNLOAD = ".partial-";

interface PlannedImage extends MediaEntry {
  source: string;
  stored: boolean;
}

/**
 * Whether the store holds an image of this size under that name: a copy a power cut left empty or
 * short (its bytes never reached the disk) is copied again, not trusted for every later backup.
 */
function storeHolds(object: string, size: number): boolean {
  return existsSync(object) && statSync(object).size === size;
}

/** Copies the images the store lacks into it, each named by the hash of the bytes it holds. */
export async function storeMedia(databasePath: string, files: readonly PlannedImage[]): Promise<MediaEntry[]> {
  const store = mediaStoreOf(databasePath);
  mkdirSync(store, { recursive: true });
  const entries: MediaEntry[] = [];
  for (const { name, source, sha256, size, mtimeMs, stored } of files) {
    if (stored && storeHolds(join(store, sha256), size)) {
      entries.push({ name, sha256, size, mtimeMs });
      continue;
    }
    const partial = join(store, `${sha256}.partial`);
    try {
      // A clone where the filesystem can (btrfs, xfs), a plain copy elsewhere.
      await copyFile(source, partial, constants.COPYFILE_FICLONE);
    } catch (error) {
      if (removedMeanwhile(error)) continue;
      throw error;
    }
    // A copy keeps its source's mode, not the umask.
    await chmod(partial, PRIVATE_FILE);
    flushFile(partial);
    const copied = await sha256OfFile(partial);
    await rename(partial, join(store, copied));
    entries.push({ name, sha256: copied, size: (await stat(join(store, copied))).size, mtimeMs });
  }
  flushFolder(store);
  return entries;
}

/** The media list of the newest backup that has a readable one (none: empty). */
function newestManifest(databasePath: string): MediaEntry[] {
  for (const backup of listBackups(databasePath)) {
    // One a power cut spoiled is passed over: the images it listed are hashed again, nothing worse.
    const entries = backup.mediaPath?.endsWith(".media.json") ? readManifestIfWhole(backup.mediaPath) : undefined;
    if (entries) return entries;
  }
  return [];
}

/** Deletes the store's images that no backup lists any more (and manifests left without their backup). */
export function sweepMediaStore(databasePath: string): void {
  const store = mediaStoreOf(databasePath);
  if (!existsSync(store)) return;
  const dir = backupsDirOf(databasePath);
  const listed = new Set<string>();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".media.json")) continue;
    const manifest = join(dir, name);
    if (!existsSync(manifest.replace(/\.media\.json$/, ".db"))) {
      rmSync(manifest, { force: true });
      continue;
    }
    const entries = readManifestIfWhole(manifest);
    // An unreadable list may name any image: nothing is deleted on a doubt.
    if (entries === undefined) return;
    for (const entry of entries) listed.add(entry.sha256);
  }
  for (const name of readdirSync(store)) {
    if (!listed.has(name)) rmSync(join(store, name), { force: true });
  }
}

/**
 * The backup's media in a new folder (copies from the store, or from a pre-store folder copy),
 * or null when the backup has none. Refuses before anything changes when an image is missing.
 */
export function gatherMedia(databasePath: string, backupPath: string, target: string): string | null {
  const manifest = existing(manifestOf(backupPath));
  if (manifest !== null) {
    const store = mediaStoreOf(databasePath);
    const entries = readManifest(manifest);
    const missing = entries.filter((entry) => {
      const object = join(store, entry.sha256);
      return !existsSync(object) || statSync(object).size !== entry.size;
    });
    if (missing.length > 0) {
      throw new Error(
        `${backupPath} lists ${missing.length} image(s) missing from ${store} (e.g. ${missing[0]!.name}): copy that folder back first. Nothing was changed.`,
      );
    }
    mkdirSync(target, { recursive: true });
    for (const entry of entries) cpSync(join(store, entry.sha256), join(target, entry.name));
    flushImages(target);
    return target;
  }
  const legacy = existing(legacyMediaOf(backupPath));
  if (legacy !== null) {
    cpSync(legacy, target, { recursive: true });
    flushImages(target);
    return target;
  }
  return null;
}

/**
 * Puts a folder's copied images and their names on the disk: renamed into place unflushed, a power
 * cut can leave the restored memories naming empty images. Private too: a copy keeps its source's
 * mode (a backup fetched back from an off-box copy is 644), never the umask.
 */
function flushImages(folder: string): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (!statSync(path).isFile()) continue;
    chmodSync(path, PRIVATE_FILE);
    flushFile(path);
  }
  chmodSync(folder, PRIVATE_FOLDER);
  flushFolder(folder);
}
