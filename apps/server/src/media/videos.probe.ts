// ffprobe and ffmpeg for uploaded videos: what a file is (only containers the players take, with a
// video stream and a duration), and a thumbnail and a preview frame of it.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { VIDEO_FILE_FIELD } from '@marquee/contracts/videoclips';
import { details } from '@marquee/contracts/texts';
import type { Config } from '../config.ts';
import { fieldError } from '../http/errors.ts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export type VideoTools = { ffmpeg: string; ffprobe: string };

export type ProbedVideo = {
  contentType: string;
  /** Extension of the stored file, from the probed format (never from the uploaded name). */
  extension: 'mp4' | 'mov' | 'webm' | 'mkv';
  duration: number;
  width: number;
  height: number;
};

export const notAVideo = () => fieldError(VIDEO_FILE_FIELD, details.notAVideo);
export const probeFailed = () => fieldError(VIDEO_FILE_FIELD, details.videoProbeFailed);

/** npm does not run install scripts here, so the packaged binaries may lack the execute bit. */
function executable(file: string, name: string, setting: string): string {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return file;
  } catch {
    try {
      fs.chmodSync(file, fs.statSync(file).mode | 0o111);
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      throw new Error(`${name} at ${file} is missing or not executable: chmod +x it or set ${setting}`);
    }
  }
}

/** Where a system install (Debian's `ffmpeg` package) puts the binaries. */
const SYSTEM_DIRS = ['/usr/bin', '/usr/local/bin'];

export type VideoToolSource = 'setting' | 'system' | 'packaged';
export type VideoTool = { file: string; source: VideoToolSource };

const PACKAGES = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' } as const;
const SETTINGS = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' } as const;

/** `name` from its setting, else the first executable one in `dirs`, else the packaged one. */
export function resolveVideoTool(
  name: 'ffmpeg' | 'ffprobe',
  setting: string | undefined,
  dirs: readonly string[] = SYSTEM_DIRS,
): VideoTool {
  if (setting) return { file: setting, source: 'setting' };
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return { file, source: 'system' };
    } catch {
      // not in this directory
    }
  }
  const packaged = (require(PACKAGES[name]) as { path: string }).path;
  return { file: executable(packaged, name, SETTINGS[name]), source: 'packaged' };
}

const found = new Map<string, VideoTool>();
const cached = (name: 'ffmpeg' | 'ffprobe', setting: string | undefined) => {
  const key = `${name}\0${setting ?? ''}`;
  let tool = found.get(key);
  if (!tool) found.set(key, (tool = resolveVideoTool(name, setting)));
  return tool;
};

/**
 * The binaries that read uploads, with where each comes from: FFMPEG_PATH/FFPROBE_PATH when set; else
 * the system's (Debian's ffmpeg, kept patched by the distribution); else those of @ffmpeg-installer (a
 * 2018 build) and @ffprobe-installer (2023), which make a fresh machine work but should not decode
 * untrusted uploads in production (the start-up log says so). Looked up once.
 */
export function videoToolSources(config: Config['video']): { ffmpeg: VideoTool; ffprobe: VideoTool } {
  return { ffmpeg: cached('ffmpeg', config.ffmpegPath), ffprobe: cached('ffprobe', config.ffprobePath) };
}

export function videoTools(config: Config['video']): VideoTools {
  const { ffmpeg, ffprobe } = videoToolSources(config);
  return { ffmpeg: ffmpeg.file, ffprobe: ffprobe.file };
}

type Stream = {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  /** Frames per second as a fraction, `25/1`; `0/0` when unknown. */
  avg_frame_rate?: string;
  disposition?: { attached_pic?: number };
};
type Probe = {
  format?: { format_name?: string; duration?: string; tags?: { major_brand?: string } };
  streams?: Stream[];
};

const WEBM_VIDEO = new Set(['vp8', 'vp9', 'av1']);
const WEBM_AUDIO = new Set(['opus', 'vorbis']);

/** The container as ffprobe names it (`mov,mp4,m4a,…`, `matroska,webm`), if it is one we take. */
function containerOf(probe: Probe, streams: Stream[]): Pick<ProbedVideo, 'contentType' | 'extension'> | null {
  const names = new Set((probe.format?.format_name ?? '').split(','));
  if (names.has('mp4') || names.has('mov')) {
    return probe.format?.tags?.major_brand?.trim() === 'qt'
      ? { contentType: 'video/quicktime', extension: 'mov' }
      : { contentType: 'video/mp4', extension: 'mp4' };
  }
  if (names.has('webm') || names.has('matroska')) {
    const webm = streams.every((s) =>
      s.codec_type === 'video'
        ? WEBM_VIDEO.has(s.codec_name ?? '')
        : s.codec_type !== 'audio' || WEBM_AUDIO.has(s.codec_name ?? ''),
    );
    return webm
      ? { contentType: 'video/webm', extension: 'webm' }
      : { contentType: 'video/x-matroska', extension: 'mkv' };
  }
  return null;
}

/** What the file is; 400 notAVideo unless it is an allowed container with a video stream and a
 * positive duration. */
export async function probeVideo(tools: VideoTools, file: string): Promise<ProbedVideo> {
  let probe: Probe;
  try {
    const { stdout } = await run(
      tools.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { maxBuffer: 16 * 1024 * 1024, timeout: 60_000 },
    );
    probe = JSON.parse(stdout) as Probe;
  } catch (err) {
    // ffprobe exits with an error for what it cannot read at all: that is not a video.
    if ((err as { code?: unknown }).code === 'ENOENT') throw err;
    throw notAVideo();
  }
  const streams = probe.streams ?? [];
  const container = containerOf(probe, streams);
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!container || !video?.width || !video.height) throw notAVideo();
  const stated = Number(probe.format?.duration ?? video.duration);
  const measured = await measuredDuration(tools, file);
  if (!Number.isFinite(measured) || measured <= 0) throw notAVideo();
  if (Number.isFinite(stated) && Math.abs(stated - measured) > durationTolerance(video)) {
    throw fieldError(VIDEO_FILE_FIELD, details.videoDurationMismatch(stated, measured));
  }
  return { ...container, duration: measured, width: video.width, height: video.height };
}

/** How far the container's stated duration may lie from the timestamps: two frames, and at least
 * 0.1 s (an AAC track's priming and padding move its ends by a frame of audio, ~23 ms). */
function durationTolerance(video: Stream): number {
  const [num, den] = (video.avg_frame_rate ?? '').split('/').map(Number);
  const frame = num && den ? den / num : 0;
  return Math.max(0.1, 2 * frame);
}

/**
 * How long the video and sound run, from the timestamps of their packets (the end of the last one
 * minus the start of the first, priming before 0 left out). The container's own figure (mvhd/tkhd/
 * mdhd in MP4) is only a claim anyone can rewrite: a 10 s spot stating 0.1 s would take a tenth of a
 * second of loop room and count every play as complete. Reading packets decodes nothing.
 */
async function measuredDuration(tools: VideoTools, file: string): Promise<number> {
  let stdout: string;
  try {
    ({ stdout } = await run(
      tools.ffprobe,
      ['-v', 'error', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
      { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
    ));
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') throw err;
    throw notAVideo();
  }
  let first = Infinity;
  let last = -Infinity;
  for (const line of stdout.split('\n')) {
    const [pts, length] = line.split(',').map(Number);
    if (pts === undefined || !Number.isFinite(pts)) continue;
    first = Math.min(first, Math.max(0, pts));
    last = Math.max(last, pts + (Number.isFinite(length) ? length! : 0));
  }
  return last - first;
}

/** A frame at min(1 s, half the video) as a jpg at most 640 px wide (`thumb`) and 160 px (`preview`). */
export async function extractFrames(
  tools: VideoTools,
  { file, duration, thumb, preview }: { file: string; duration: number; thumb: string; preview: string },
): Promise<void> {
  const at = Math.min(1, duration / 2).toFixed(3);
  const filter = "[0:v]split=2[a][b];[a]scale=w='min(640,iw)':h=-2[t];[b]scale=w='min(160,iw)':h=-2[p]";
  try {
    await run(
      tools.ffmpeg,
      ['-v', 'error', '-nostdin', '-y', '-ss', at, '-i', file, '-filter_complex', filter]
        .concat(['-map', '[t]', '-frames:v', '1', '-q:v', '3', '-f', 'image2', thumb])
        .concat(['-map', '[p]', '-frames:v', '1', '-q:v', '4', '-f', 'image2', preview]),
      { maxBuffer: 4 * 1024 * 1024, timeout: 120_000 },
    );
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') throw err;
    throw probeFailed();
  }
  const sizes = [thumb, preview].map((f) => fs.statSync(f, { throwIfNoEntry: false })?.size ?? 0);
  if (sizes.some((s) => s === 0)) throw probeFailed();
}
