/** Every business limit of the product, shared by the web page, the server and the bot. */
export const PRODUCT_NAME_MAX = 60;
export const PRODUCT_DESCRIPTION_MAX = 300;
export const PRODUCT_QUANTITY_MIN = 1;
export const PRODUCT_QUANTITY_MAX = 10;
export const PRODUCT_PRICE_MIN = 0;
export const PRODUCT_PRICE_MAX = 9999;
/** Price inputs accept at most this many characters (spec: "at most 4 characters"). */
export const PRODUCT_PRICE_MAX_CHARS = 4;
export const PURCHASE_QUANTITY = 1;

export const RESPONSE_MAX = 300;
/** A question added to the bank. */
export const BANK_QUESTION_MAX = 300;
/** An everyday question is not asked again within this many days (when the bank that fits is that large). */
export const QUESTION_REPEAT_DAYS = 180;

/** Spanks one partner awards the other at once (`/spank`), and the reason's length. */
export const AWARD_MIN = 1;
export const AWARD_MAX = 100;
export const AWARD_REASON_MAX = 200;

export const MEMORIES_PER_PAGE = 5;
/** The most memories, and the most answers, the dashboard's "On this day" shows (the nearest months first). */
export const ON_THIS_DAY_MAX = 12;
/** Memories per page of one day of the timeline (a day's memories are few; a wedding day may hold many). */
export const TIMELINE_DAY_PER_PAGE = 10;
/** The years a page of a year can show (the timeline, our year), and the dates "jump to a date" takes. */
export const YEAR_SHOWN_MIN = 2000;
export const YEAR_SHOWN_MAX = 2099;
/** Letters for later per page, of each list (to you, from you): ten of the longest stay near 100 KB. */
export const LATER_LETTERS_PER_PAGE = 5;
/** The Q&A page's questions per page. */
export const QUESTIONS_PER_PAGE = 10;
/** Favour cards per page of the Shop, Manage Products, the inventory and Redeemed: full rows of 1, 2 or 3 columns. */
export const FAVOURS_PER_PAGE = 24;
/** The most rows a page of any list may ask for (`pageSize`): each answer stays well under 100 KB. */
export const PAGE_SIZE_MAX = 100;
/** The newest rows a list asked for without `page` answers (the spec's plain list, windowed). */
export const LIST_WINDOW = 100;
/**
 * Answers smaller than this go out uncompressed: ten TCP segments, what a connection's first round
 * trip carries, so compressing them costs the server and saves the phone no round trip.
 */
export const COMPRESS_FROM_BYTES = 14_600;
/** The furthest page any list may ask for. */
export const PAGE_MAX = 1_000_000;
/** A list's search text (`?search=`). */
export const SEARCH_MAX = 200;
/** A memory's text as the bot takes it (Discord's message length). */
export const MEMORY_TEXT_MAX = 2000;
/** Largest image a memory keeps (Discord's own upload limit without Nitro). */
export const MEDIA_MAX_BYTES = 8 * 1024 * 1024;
/** The largest upload limit Discord advertises (a level 3 boosted server): nothing bigger is read. */
export const UPLOAD_LIMIT_MAX = 100 * 1024 * 1024;
/** Largest voice message or video a memory keeps (and never more than the upload limit Discord advertises). */
export const CLIP_MAX_BYTES = 25 * 1024 * 1024;
/** Longest voice message a memory keeps, in seconds, read from its bytes. */
export const VOICE_NOTE_SECONDS_MAX = 20 * 60;
/** Longest video a memory keeps, in seconds, read from its bytes: short clips, not films. */
export const VIDEO_SECONDS_MAX = 3 * 60;
/** A photo sent in a JSON body, as base64: MEDIA_MAX_BYTES of image at most. */
export const PHOTO_BASE64_MAX = Math.ceil(MEDIA_MAX_BYTES / 3) * 4;
export const MEMORY_DELETE_MAX = 100;
/** Days a deleted memory waits in the trash, restorable, before the daily purge removes it. */
export const MEMORY_TRASH_DAYS = 30;
/**
 * Days a backup taken by hand (`npm run backup`) or before an upgrade's migrations is kept, apart
 * from the daily rotation: the daily backups never push it out.
 */
export const BACKUP_KEPT_APART_DAYS = 30;
/**
 * A backup older than this (a day, and two hours for a slow night) was missed: both dashboards say
 * so, even though no backup failed (the box may be off or asleep at backup time).
 */
export const BACKUP_OVERDUE_MS = 26 * 60 * 60 * 1000;
/** How long a start waits for another process's migrations to finish before it gives up. */
export const MIGRATION_WAIT_MS = 5 * 60_000;

export const WORKOUT_NAME_MAX = 100;
export const WORKOUT_DURATION_MIN = 1;
export const WORKOUT_DURATION_MAX = 1440;
export const WORKOUT_DISTANCE_MAX = 1000;
export const WORKOUT_CALORIES_MAX = 20000;
export const DISTANCE_UNITS = ["km", "miles"] as const;
export const DEFAULT_DISTANCE_UNIT = "miles";

export const HEART_SCORE_START = 50;
export const HEART_SCORE_MIN = 0;
export const HEART_SCORE_MAX = 100;
/** A saved story game, as the server keeps it: scene numbers, choices made and flags remembered. */
export const STORY_SCENE_MAX = 9999;
export const STORY_CHOICE_MAX = 9;
export const STORY_HISTORY_MAX = 5000;
export const STORY_FLAGS_MAX = 200;
export const STORY_FLAG_LENGTH_MAX = 60;

/** Failed sign-ins allowed per username from one client (a browser or an address), in the window. */
export const LOGIN_FAILURE_LIMIT = 5;
/** Failed sign-ins allowed per client, every username together (made-up ones too), in the window. */
export const LOGIN_CLIENT_FAILURE_LIMIT = 20;
/** Failed sign-ins allowed per username from clients no partner signed in from, in the window. */
export const LOGIN_ACCOUNT_FAILURE_LIMIT = 20;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Sign-ins waiting for a password check beyond the one running; more are answered 503. */
export const PASSWORD_CHECKS_WAITING_MAX = 2;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long a browser or address a partner signed in from is known (held by no one else's guesses):
 * a session's length past the last session begun there, so the sign-in after it runs out is known.
 */
export const KNOWN_CLIENT_TTL_MS = 2 * SESSION_TTL_MS;
/** The costliest stored password hash accepted (couple.config.json): the memory one check holds, in KiB (1 GiB). */
export const PASSWORD_HASH_MAX_MEMORY_KIB = 1024 * 1024;
/** At most this many passes over it (argon2id's t, scrypt's p). */
export const PASSWORD_HASH_MAX_PASSES = 10;
/** At most this many argon2id lanes (threads). */
export const PASSWORD_HASH_MAX_LANES = 4;
/** The costliest scrypt hash (of versions before argon2id): N = 2^20. */
export const PASSWORD_HASH_MAX_SCRYPT_LOG2N = 20;
export const TRANSACTIONS_PER_PAGE = 20;

/** Local-storage key the spec names for the signed-in username. */
export const USERNAME_STORAGE_KEY = "username";
/** How long a device keeps the app's last-known data (web/src/lib/keptCache.ts) for a return or offline reading. */
export const KEPT_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * The cookie a device that keeps the app's data carries (set and cleared with it): its pages read
 * what they kept first, so the server sends no read preloads with them (server/src/plugins/web.ts).
 */
export const KEPT_CACHE_COOKIE = "spankbank_kept";

/**
 * How long the page sends a write whose answer never came with the same Idempotency-Key: long
 * enough for a tap again after a lost answer, short enough that the same workout or favour again
 * later (tomorrow's yoga) is a new write, not the old answer replayed.
 */
export const UNANSWERED_WRITE_KEY_MS = 10 * 60 * 1000;
/**
 * How long a `/memory` sent again with the same words and files is the memory already saved (its
 * answer was lost, or the bot restarted before giving it), as the web's tap again after a lost answer.
 */
export const MEMORY_SENT_AGAIN_MS = UNANSWERED_WRITE_KEY_MS;
/**
 * How long a paying command (`/spank`, `/donate`, `/bounty post`) sent again with the same
 * options is the one already done (its answer was lost: "The application did not respond"), not a
 * second payment.
 */
export const PAYMENT_SENT_AGAIN_MS = UNANSWERED_WRITE_KEY_MS;
/** How many answers the server keeps until the next write (db/src/untilWritten.ts): every count a page asks, a few years of Our year. */
export const KEPT_UNTIL_WRITTEN_MAX = 64;
export const POST_LOGIN_PATH = "/dashboard";
export const POST_LOGOUT_PATH = "/";

/** A Christmas letter: a few pages of plain text. */
export const LETTER_MAX = 4000;

/** Workouts one partner may log per hour: each is announced in Discord, which is no flood channel. */
export const WORKOUTS_PER_HOUR_MAX = 10;

/** Discord's limit on a message's content: a morning digest longer than this goes out in several. */
export const DISCORD_MESSAGE_MAX = 2000;

/**
 * The room the bot's note gives its list of file names at most: a message's notes (files left out,
 * files not arrived yet, why no memory was made) must fit together in one DISCORD_MESSAGE_MAX.
 */
export const NOTE_FILE_NAMES_MAX = 600;

/** Favours at a distance (issue 22, point 5): the buyer's note on a redeem, the seller's reason to decline. */
export const FAVOUR_NOTE_MAX = 300;
export const DECLINE_REASON_MAX = 300;
/** A wished time may lie up to a year ahead. */
export const WISHED_AT_DAYS_MAX = 366;
/** "Use within N days" on a listing. */
export const USE_WITHIN_DAYS_MIN = 1;
export const USE_WITHIN_DAYS_MAX = 365;
/** The buyer is reminded this many days before an unredeemed favour expires. */
export const EXPIRY_REMINDER_DAYS = 2;
/** How many days an expired favour stays as a line in the Redeemed and Owed lists. */
export const EXPIRED_FAVOUR_SHOWN_DAYS = 30;
/** The most expired favours one "noticed" call marks. */
export const EXPIRED_FAVOURS_NOTICED_MAX = 100;

/** A letter for later: as long as the Christmas letter. */
export const LATER_LETTER_MAX = 4000;
/** Letters one partner may have waiting (not yet opened) at once: the list is shown whole, never paged. */
export const LATER_LETTERS_WAITING_MAX = 50;
/** How far ahead a dated letter may open, in years. */
export const LATER_LETTER_YEARS_MAX = 20;

/** The next visit (issue 22): where you meet, one line. */
export const VISIT_PLACE_MAX = 80;
/** A note on a visit: plans, what to bring. */
export const VISIT_NOTE_MAX = 300;
/** Longest visit in days, first and last day counted: a year together is no longer a visit. */
export const VISIT_LENGTH_MAX = 366;
/** Past visits per page of the log. */
export const VISITS_PER_PAGE = 10;
/** The countdown is posted in Discord when the next visit is this many days away. */
export const VISIT_MILESTONE_DAYS = [30, 7, 1] as const;

/** "Thinking of you" taps one partner may send a day (on their own calendar): a handful, so each one still means something. */
export const NUDGE_DAILY_LIMIT = 5;
/** The optional short line sent with a "thinking of you". */
export const NUDGE_LINE_MAX = 140;

/** The couple's streak (issue 36) is announced in Discord when it reaches each of these days in a row. */
export const STREAK_MILESTONE_DAYS = [7, 30, 100, 365] as const;

/** "Alex knows Sam: 7 of the last 10": the dashboard counts each partner's last this many rated guesses. */
export const GUESS_RECORD_WINDOW = 10;

/** From this size "Download our data" says how large it is before it starts (a phone on mobile data). */
export const DOWNLOAD_SIZE_SAID_FROM_BYTES = 50_000_000;

/** Said beside "Download our data" and by an import of a web download: what the download leaves out. */
export const SEALED_LETTERS_NOTE =
  "letters your partner sealed for you, and their answers and guesses you cannot see yet, are not in your download; the operator's `npm run export` has everything.";

/** Waits between catch-ups of Discord history that failed, the last one repeated until one succeeds. */
export const CATCH_UP_RETRY_DELAYS_MS: readonly number[] = [5_000, 15_000, 60_000, 300_000];
/**
 * How long a stopping bot waits for the messages it is saving: longer than an image download's
 * timeout (bot/src/images.ts), within systemd's 90 s stop timeout.
 */
export const BOT_STOP_DRAIN_MS = 40_000;
/** Discord's largest page of channel history, the page the bot's catch-up reads. */
export const DISCORD_HISTORY_PAGE_MAX = 100;
/** At most this many history pages per channel in one catch-up pass; the next pass reads on at once. */
export const CATCH_UP_PAGES_MAX = 20;
/**
 * How far back a bot that starts again reads its memories' Discord messages once more: an edit or
 * a deletion made while it was not listening reached it as no event.
 */
export const RECHECKED_MEMORY_DAYS = 14;
/**
 * Tries at a memory's missing image before giving up: with waits doubling up to two hours this
 * spans about a week of the bot running, so only an image Discord keeps failing is given up on.
 */
export const MEDIA_ATTEMPTS_MAX = 92;
/** An ending of the story shows at most this many recalls of what the player did. */
export const STORY_RECALLS_MAX = 3;
/** No playthrough of the story is anywhere near this many choices: a longer run goes round in circles. */
export const STORY_RUN_CHOICES_MAX = 1000;

/** Deletions of Discord messages the bot remembers, so a message deleted while being saved is not kept. */
export const BOT_DELETIONS_REMEMBERED = 1000;

/** Search results per kind per page (the header's search, `/memory search`). */
export const SEARCH_RESULTS_PER_PAGE = 5;
/** A kind's results are counted up to this many ("500+"): counting every match of a common word costs a read of all of them. */
export const SEARCH_COUNT_MAX = 500;
/** Words of a search that are looked for; more are left out, so a pasted page costs no more than a line. */
export const SEARCH_TERMS_MAX = 8;
/** A search word this long or longer also finds words it starts; a shorter one only itself. */
export const SEARCH_PREFIX_MIN = 2;
/** Words around a match in a search result's excerpt. */
export const SEARCH_SNIPPET_WORDS = 24;
/** Results of each kind `/memory search` lists in its one Discord message. */
export const SEARCH_BOT_RESULTS_PER_KIND = 3;
/** A bounty (issue 36): its task, its reward, and the words of a "done" or a "send back". */
export const BOUNTY_TITLE_MAX = 100;
export const BOUNTY_REWARD_MAX = 9999;
export const BOUNTY_NOTE_MAX = 300;
/**
 * How long past a bounty's due day a done sent in time may still be on its way (Discord's 3
 * seconds, a photo's download, a slow phone's request): the deadline check waits this long.
 */
export const BOUNTY_DONE_GRACE_MS = 2 * 60_000;
/** The bounties list shows every open one and the most recent settled ones, up to this many in all. */
export const BOUNTY_LIST_MAX = 50;
/**
 * How many bounties may wait to be settled at once, the couple's together: each holds its reward in
 * escrow, so every one must stay on the list (to be claimed or withdrawn), and the list stays small.
 */
export const BOUNTIES_UNSETTLED_MAX = BOUNTY_LIST_MAX;
/** Passkeys (issue 37): a name of each, how many a partner may add, and how long a ceremony may take. */
export const PASSKEY_NAME_MAX = 40;
export const PASSKEYS_PER_PARTNER_MAX = 10;
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Passkey ceremonies waiting at once, all visitors together: a flood of them drops the oldest first. */
export const PASSKEY_CHALLENGES_WAITING_MAX = 200;

/** A partner's colours (the menu's Auto, Light, Dark): `auto` follows the device's light or dark setting. */
export const COLOR_SCHEMES = ["auto", "light", "dark"] as const;
export type ColorSchemeSetting = (typeof COLOR_SCHEMES)[number];
/** Until a partner picks, the page follows their device. */
export const DEFAULT_COLOR_SCHEME: ColorSchemeSetting = "auto";
/** Where the browser keeps the colours last shown (web/first-paint/color-scheme.js, inline in the head, reads it before the first paint). */
export const COLOR_SCHEME_STORAGE_KEY = "spankbank-color-scheme";
