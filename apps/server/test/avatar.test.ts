// The profile picture (docs/profile.md, "Profile picture"): JPEG, PNG, WebP and HEIC judged by their bytes,
// stored as a 256×256 WebP with no metadata, served only to its owner, replaced and removed with the old file
// gone; anything else refused with a message and nothing written.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, multipartForm, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HEIC_WITH_GPS = join(import.meta.dirname, '../../../fixtures/images/red-640x480-exif-gps.heic');

const account = () => t.athlete();

/** A 640×480 JPEG carrying EXIF with a camera make and GPS position, as a phone writes one. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Artist: 'Jane Runner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 30/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 0/1',
      },
    })
    .toBuffer();
}

const upload = (token: string, content: Buffer, fileName = 'me.jpg', field = 'file') => {
  const form = multipartForm([{ name: field, value: content, filename: fileName }]);
  return t.app.inject({
    method: 'PUT',
    url: '/api/athletes/me/avatar',
    payload: form.payload,
    headers: { ...bearer(token), ...form.headers },
  });
};
const read = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/athletes/me/avatar', headers: { ...bearer(token), ...headers } });
const profile = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/athletes/me', headers: bearer(token) })).json().data as {
    avatar_version: string | null;
  };
const filesOf = async (athleteId: string) =>
  readdir(join(t.filesDir, 'avatars', athleteId)).catch(() => [] as string[]);

describe('profile picture upload', () => {
  it('stores a JPEG as a 256×256 WebP with its EXIF and GPS gone, served to its owner', async () => {
    const { token, athleteId } = await account();
    expect((await profile(token)).avatar_version).toBeNull();
    expect((await read(token)).statusCode).toBe(404);

    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(token, original);
    expect(res.statusCode, res.body).toBe(200);
    const { avatar_version } = res.json().data;
    expect(res.json().data).toMatchObject({ content_type: 'image/webp', width: 256, height: 256 });
    expect((await profile(token)).avatar_version).toBe(avatar_version);

    const served = await read(token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('private');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('Jane Runner'))).toBe(false);
    // What is on disk is the same stripped file.
    const [stored] = await filesOf(athleteId);
    expect(await readFile(join(t.filesDir, 'avatars', athleteId, stored!))).toEqual(served.rawPayload);

    // The version is the ETag: a client holding it is told nothing changed.
    expect((await read(token, { 'if-none-match': `"${avatar_version}"` })).statusCode).toBe(304);
  });

  it('reads PNG, WebP and HEIC by their bytes, whatever the file is called', async () => {
    const { token } = await account();
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#00aa00' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#aa0000' } })
      .webp()
      .toBuffer();
    for (const [content, name] of [
      [png, 'picture.jpg'],
      [webp, 'no-extension'],
    ] as const) {
      const res = await upload(token, content, name);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ width: 256, height: 256 });
    }

    const heic = await readFile(HEIC_WITH_GPS);
    expect(heic.includes(Buffer.from('SecretCam'))).toBe(true);
    const res = await upload(token, heic, 'IMG_0001.HEIC');
    expect(res.statusCode, res.body).toBe(200);
    const served = await read(token);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    // The red of the photo survived the decoding.
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[1]).toBeLessThan(100);
  });

  it('a new picture replaces the old one, whose file is removed; DELETE removes it', async () => {
    const { token, athleteId } = await account();
    const first = (await upload(token, await jpegWithGps())).json().data.avatar_version;
    const second = (await upload(token, await jpegWithGps())).json().data.avatar_version;
    expect(second).not.toBe(first);
    expect(await filesOf(athleteId)).toEqual([`${second}.webp`]);

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/athletes/me/avatar',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ avatar_version: null });
    expect((await profile(token)).avatar_version).toBeNull();
    expect((await read(token)).statusCode).toBe(404);
    expect(await filesOf(athleteId)).toEqual([]);
    // Removing none is not an error.
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/athletes/me/avatar',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(200);
  });

  it("another athlete never sees one's picture, and needs a session to ask", async () => {
    const owner = await account();
    const other = await account();
    expect((await upload(owner.token, await jpegWithGps())).statusCode).toBe(200);
    const res = await read(other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Profile picture not found/);
    expect((await profile(other.token)).avatar_version).toBeNull();
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/athletes/me/avatar' });
    expect(anonymous.statusCode).toBe(401);
    // The other athlete's DELETE touches only their own (absent) picture.
    await t.app.inject({ method: 'DELETE', url: '/api/athletes/me/avatar', headers: bearer(other.token) });
    expect((await read(owner.token)).statusCode).toBe(200);
  });
});

describe('profile picture refusals: a clear 4xx, the old picture kept, nothing written', () => {
  let token: string;
  let athleteId: string;
  let version: string;
  beforeAll(async () => {
    ({ token, athleteId } = await account());
    version = (await upload(token, await jpegWithGps())).json().data.avatar_version;
  });

  const cases: Array<{
    what: string;
    content: () => Promise<Buffer> | Buffer;
    status: number;
    message: RegExp;
  }> = [
    {
      what: 'a file over 5 MB',
      content: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024, 1)]),
      status: 413,
      message: /larger than 5 MB/,
    },
    {
      what: 'a GIF',
      content: () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      status: 415,
      message: /JPEG, PNG, WebP or HEIC/,
    },
    {
      what: 'a PDF named .jpg',
      content: () => Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'),
      status: 415,
      message: /JPEG, PNG, WebP or HEIC/,
    },
    {
      what: 'a JPEG cut in half',
      content: async () => (await jpegWithGps()).subarray(0, 400),
      status: 400,
      message: /could not be read/,
    },
    {
      what: 'a HEIC header with garbage after it',
      content: async () =>
        Buffer.concat([(await readFile(HEIC_WITH_GPS)).subarray(0, 40), Buffer.alloc(300, 9)]),
      status: 400,
      message: /could not be read/,
    },
    { what: 'an empty file', content: () => Buffer.alloc(0), status: 400, message: /empty/ },
    {
      what: 'a PNG declaring 100,000 × 100,000 pixels',
      content: async () => {
        const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
          .png()
          .toBuffer();
        const bomb = Buffer.from(png);
        bomb.writeUInt32BE(100_000, 16);
        bomb.writeUInt32BE(100_000, 20);
        return bomb;
      },
      status: 413,
      message: /million pixels/,
    },
  ];

  for (const c of cases) {
    it(`${c.what}: ${c.status}`, async () => {
      const res = await upload(token, await c.content());
      expect(res.statusCode, res.body.slice(0, 200)).toBe(c.status);
      expect(res.json().message).toMatch(c.message);
      expect((await profile(token)).avatar_version).toBe(version);
      expect(await filesOf(athleteId)).toEqual([`${version}.webp`]);
    });
  }

  it('a picture in another form field, or no multipart body at all: 4xx', async () => {
    const wrongField = await upload(token, await jpegWithGps(), 'me.jpg', 'picture');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/field "file"/);
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/athletes/me/avatar',
      headers: bearer(token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect((await profile(token)).avatar_version).toBe(version);
  });
});
