// A minimal zip writer for the upload tests: deflated members, a central directory and its end record, as zip
// tools write them. `declaredSize` lets a test lie about a member's uncompressed size (a bomb that hides).
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipMember {
  name: string;
  content: Buffer;
  /** The uncompressed size written in the headers; the real one by default. */
  declaredSize?: number;
}

/** Members sharing one content Buffer are deflated once (a bomb of 400 identical members builds fast). */
const deflated = new WeakMap<Buffer, { data: Buffer; crc: number }>();

export function zipArchive(members: readonly ZipMember[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const member of members) {
    const name = Buffer.from(member.name, 'utf8');
    let packed = deflated.get(member.content);
    if (!packed) {
      packed = { data: deflateRawSync(member.content), crc: crc32(member.content) };
      deflated.set(member.content, packed);
    }
    const { data, crc } = packed;
    const size = member.declaredSize ?? member.content.length;
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
