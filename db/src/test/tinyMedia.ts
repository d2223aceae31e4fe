/**
 * Small, real media files made in the test that needs them (no binaries in git): an Ogg Opus
 * voice note a browser plays, and an MP4 and a WebM whose containers state their length (no
 * frames: enough for the bot to read what they are and how long they last).
 */

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, starting at 0. */
const OGG_CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let crc = index << 24;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  return crc >>> 0;
});

function oggCrc(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ OGG_CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

/** One Ogg page holding whole packets, each shorter than 255 bytes. */
function oggPage(packets: readonly Buffer[], sequence: number, granule: bigint, headerType: number): Buffer {
  const header = Buffer.alloc(27 + packets.length);
  header.write("OggS", 0, "latin1");
  header[5] = headerType;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(0x5b5b, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = packets.length;
  packets.forEach((packet, index) => {
    header[27 + index] = packet.length;
  });
  const page = Buffer.concat([header, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** Opus frames the decoder hears as 20 ms of silence (a CELT-only fullband frame). */
const OPUS_SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);
const OPUS_FRAME_SAMPLES = 960;
const OPUS_PRE_SKIP = 312;

/** A mono Ogg Opus voice note of `seconds` of silence, as Discord's voice messages are encoded. */
export function oggOpusVoiceNote(seconds: number): Buffer {
  const head = Buffer.alloc(19);
  head.write("OpusHead", 0, "latin1");
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(OPUS_PRE_SKIP, 10);
  head.writeUInt32LE(48_000, 12);
  const vendor = Buffer.from("spankbank-test", "latin1");
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write("OpusTags", 0, "latin1");
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  const pages = [oggPage([head], 0, 0n, 0x02), oggPage([tags], 1, 0n, 0)];
  const frames = Math.ceil((seconds * 48_000 + OPUS_PRE_SKIP) / OPUS_FRAME_SAMPLES);
  const perPage = 50;
  for (let sent = 0; sent < frames; sent += perPage) {
    const count = Math.min(perPage, frames - sent);
    const last = sent + count >= frames;
    const granule = BigInt(last ? seconds * 48_000 + OPUS_PRE_SKIP : (sent + count) * OPUS_FRAME_SAMPLES);
    pages.push(oggPage(Array(count).fill(OPUS_SILENCE), pages.length, granule, last ? 0x04 : 0));
  }
  return Buffer.concat(pages);
}

/** An ISO BMFF box: size, type, body. */
function box(type: string, ...body: Buffer[]): Buffer {
  const content = Buffer.concat(body);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, content]);
}

/** An MP4 (or, with brand `qt  `, a QuickTime movie) whose headers say it lasts `seconds`. */
export function mp4Video(seconds: number, brand = "isom"): Buffer {
  const ftyp = box("ftyp", Buffer.from(`${brand}\0\0\0\0${brand}mp41`, "latin1"));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(seconds * 1000, 16);
  mvhd.writeUInt32BE(0x00010000, 20);
  mvhd.writeUInt16BE(0x0100, 24);
  // The identity matrix, then the next track id.
  for (const [offset, value] of [
    [36, 0x00010000],
    [52, 0x00010000],
    [68, 0x40000000],
    [96, 2],
  ] as const)
    mvhd.writeUInt32BE(value, offset);
  // One video track whose media header holds its length, as a camera writes it.
  const mdhd = Buffer.alloc(24);
  mdhd.writeUInt32BE(600, 12);
  mdhd.writeUInt32BE(seconds * 600, 16);
  mdhd.writeUInt16BE(0x55c4, 20);
  const hdlr = Buffer.concat([Buffer.alloc(8), Buffer.from("vide", "latin1"), Buffer.alloc(13)]);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(0x00000003, 0);
  tkhd.writeUInt32BE(1, 12);
  tkhd.writeUInt32BE(seconds * 1000, 20);
  const trak = box("trak", box("tkhd", tkhd), box("mdia", box("mdhd", mdhd), box("hdlr", hdlr)));
  return Buffer.concat([ftyp, box("moov", box("mvhd", mvhd), trak)]);
}

/** An EBML element: id, size (8-byte form), body. */
function ebml(id: number[], body: Buffer): Buffer {
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(body.length) | (1n << 56n));
  return Buffer.concat([Buffer.from(id), size, body]);
}

/** A WebM whose segment info says it lasts `seconds` (DocType `webm`, or `matroska` for an .mkv). */
export function webmVideo(seconds: number, docType = "webm"): Buffer {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      ebml([0x42, 0x82], Buffer.from(docType, "latin1")),
      ebml([0x42, 0x87], Buffer.from([4])),
      ebml([0x42, 0x85], Buffer.from([2])),
    ]),
  );
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(seconds * 1000);
  const timecodeScale = Buffer.alloc(4);
  timecodeScale.writeUInt32BE(1_000_000);
  const info = ebml(
    [0x15, 0x49, 0xa9, 0x66],
    Buffer.concat([ebml([0x2a, 0xd7, 0xb1], timecodeScale), ebml([0x44, 0x89], duration)]),
  );
  return Buffer.concat([header, ebml([0x18, 0x53, 0x80, 0x67], info)]);
}
