// A minimal zip writer for the upload tests: deflated members, a central directory and its end record, as zip
// tools write them. `declaredSize` lets a test lie about a member's uncompressed size (a bomb that hides).
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface ZipMember {
  name: string;
  content: Buffer;
  /** The uncompressed size written in the headers; the real one by default. */
  declaredSize?: number;
  /** Already deflated (a member too large to hold unpacked): its raw deflate bytes, size and CRC-32. */
  deflated?: { data: Buffer; size: number; crc: number };
}

/**
 * `prefix`, then `repeat` times `chunk`, then `suffix`, deflated as it is made: a member that unpacks to far
 * more than the test could hold in memory (a JSON line of 600 MB).
 */
export async function deflatedMember(
  prefix: Buffer,
  chunk: Buffer,
  repeat: number,
  suffix: Buffer,
): Promise<{ data: Buffer; size: number; crc: number }> {
  const deflate = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  const finished = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = crc32(prefix);
  const write = async (bytes: Buffer) => {
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(prefix);
  for (let i = 0; i < repeat; i++) {
    crc = crc32(chunk, crc);
    await write(chunk);
  }
  crc = crc32(suffix, crc);
  await write(suffix);
  deflate.end();
  await finished;
  return {
    data: Buffer.concat(out),
    size: prefix.length + chunk.length * repeat + suffix.length,
    crc,
  };
}

/** Members sharing one content Buffer are deflated once (a bomb of 400 identical members builds fast). */
const deflated = new WeakMap<Buffer, { data: Buffer; crc: number }>();

export function zipArchive(members: readonly ZipMember[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const member of members) {
    const name = Buffer.from(member.name, 'utf8');
    let packed = member.deflated ?? deflated.get(member.content);
    if (!packed) {
      packed = { data: deflateRawSync(member.content), crc: crc32(member.content) };
      deflated.set(member.content, packed);
    }
    const { data, crc } = packed;
    const size = member.declaredSize ?? member.deflated?.size ?? member.content.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
