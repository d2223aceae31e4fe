// Backups of the database and its memory images, by job: take, the media store, verify, list and
// prune, restore, and the copy before migrations. `@spankbank/db/backup` is this file.
export {
  type BackupFile,
  type BackupKind,
  backupsDirOf,
  listBackups,
  mediaDirOf,
  mediaStoreOf,
  namedInTheFuture,
  sharesItsFolder,
} from "./files.js";
export { backupBeforeMigrations } from "./preMigration.js";
export { pruneBackups, type Retention } from "./prune.js";
export { restoreBackup } from "./restore.js";
export {
  BACKUP_DISK_RESERVE_BYTES,
  BackupCheckFailed,
  BackupRefused,
  type FreeSpace,
  refuseBackupWithoutRoom,
  takeBackup,
} from "./take.js";
export { quickCheckFile, verifyBackupFile } from "./verify.js";
