// A clip's duration comes from the timestamps of its video and sound, not from the figure its
// container states (mvhd/tkhd/mdhd in MP4), which anyone can rewrite: a 10 s spot claiming 0.1 s
// would take a tenth of a second of loop capacity and count every play as complete.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { details } from '@marquee/contracts/texts';
import { videoclipMediaEndpoint, type VideoMedia } from '@marquee/contracts/videoclips';
import { makeVideo } from './helpers/advertiser-factories.ts';
import { describeBackends, testConfig } from './helpers/backends.ts';
import { asAdmin, Client } from './helpers/factories.ts';
import { multipart } from './helpers/multipart.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-video-duration-'));
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-video-duration-temp-'));
afterAll(() => {
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(tempDir, { recursive: true, force: true });
});

const CONTAINERS = new Set(['moov', 'trak', 'mdia']);

/** The MP4 with the durations of its movie header and of every track (tkhd, mdhd) scaled by
 * `factor`, its samples untouched. */
function forgeDuration(mp4: Buffer, factor: number): Buffer {
  const data = Buffer.from(mp4);
  let patched = 0;
  const walk = (start: number, end: number) => {
    for (let offset = start; offset + 8 <= end;) {
      const size = data.readUInt32BE(offset);
      const type = data.toString('latin1', offset + 4, offset + 8);
      if (size < 8) throw new Error(`unexpected box size ${size} of ${type}`);
      if (CONTAINERS.has(type)) walk(offset + 8, offset + size);
      if (type === 'mvhd' || type === 'tkhd' || type === 'mdhd') {
        const version = data[offset + 8];
        // After the version and flags: creation and modification times (and tkhd's track id and a
        // reserved word), and for mvhd/mdhd the timescale.
        const skip = (version === 1 ? 16 : 8) + (type === 'tkhd' ? 8 : 4);
        const at = offset + 12 + skip;
        if (version === 1) {
          data.writeBigUInt64BE(BigInt(Math.max(1, Math.round(Number(data.readBigUInt64BE(at)) * factor))), at);
        } else {
          data.writeUInt32BE(Math.max(1, Math.round(data.readUInt32BE(at) * factor)), at);
        }
        patched++;
      }
      offset += size;
    }
  };
  walk(0, data.length);
  if (patched < 3) throw new Error(`only ${patched} duration fields found`);
  return data;
}

describeBackends(
  'video duration',
  (ctx) => {
    let admin: Client;
    let honest: Buffer;
    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
      honest = await makeVideo('mp4', 10);
    });
    const upload = (data: Buffer) => {
      const { body, headers } = multipart([{ name: 'video_file', filename: 'spot.mp4', type: 'video/mp4', data }]);
      return admin.post(videoclipMediaEndpoint, body, { headers });
    };
    const stored = () => fs.readdirSync(mediaDir, { recursive: true }).length;

    it('stores a 10 s MP4 as 10 s', async () => {
      const res = await upload(honest);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<VideoMedia>().duration).toBeCloseTo(10, 1);
    });

    it('refuses a 10 s MP4 whose headers say 0.1 s, and stores nothing', async () => {
      const before = stored();
      const res = await upload(forgeDuration(honest, 0.01));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ video_file: [details.videoDurationMismatch(0.1, 10)] });
      expect(stored()).toBe(before);
      expect(fs.readdirSync(tempDir)).toEqual([]);
    });

    it('never stores one whose headers claim ten times its length as 100 s', async () => {
      // Debian's ffprobe (5.1) states the claim, and the upload is refused; the 2023 build of the npm
      // package already gives the shorter figure, and the upload is stored as the 10 s it plays.
      const res = await upload(forgeDuration(honest, 10));
      if (res.statusCode === 400) {
        expect(res.json()).toEqual({ video_file: [details.videoDurationMismatch(100, 10)] });
      } else {
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json<VideoMedia>().duration).toBeCloseTo(10, 1);
      }
    });
  },
  { config: { media: { ...testConfig().media, dir: mediaDir }, video: { ...testConfig().video, tempDir } } },
);
