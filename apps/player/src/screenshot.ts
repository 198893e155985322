// The remote view: what the screen shows, drawn on a canvas from its own elements (each zone's front
// video frame, the slate or the overlay over it, letterboxed as on screen) and sent as a JPEG no larger
// than the gateway takes. Every element is same-origin (the clips and pictures come from the player's
// cache), so the canvas can be read.
import { MAX_SCREENSHOT_BYTES } from '@marquee/contracts/device-paths';

/** The widest picture sent; a larger screen is scaled down. */
const MAX_WIDTH = 1280;

/** The rectangle `inner` (w × h) takes, letterboxed (object-fit: contain) in `outer`. */
export function containIn(
  outer: { x: number; y: number; width: number; height: number },
  inner: { width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  if (!(inner.width > 0 && inner.height > 0)) return { x: outer.x, y: outer.y, width: 0, height: 0 };
  const scale = Math.min(outer.width / inner.width, outer.height / inner.height);
  const width = inner.width * scale;
  const height = inner.height * scale;
  return { x: outer.x + (outer.width - width) / 2, y: outer.y + (outer.height - height) / 2, width, height };
}

const sizeOf = (element: HTMLVideoElement | HTMLImageElement) =>
  element instanceof HTMLVideoElement
    ? { width: element.videoWidth, height: element.videoHeight }
    : { width: element.naturalWidth, height: element.naturalHeight };

const shown = (element: HTMLElement) =>
  getComputedStyle(element).display !== 'none' && getComputedStyle(element).opacity !== '0';

const toJpeg = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The canvas gave no picture.'))),
      'image/jpeg',
      quality,
    ),
  );

/** A JPEG of the page as shown: the zones' visible videos and pictures, or the page's text when it
 * shows no playback (pairing, downloading). */
export async function captureScreen(): Promise<Blob> {
  const scale = Math.min(1, MAX_WIDTH / innerWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(innerWidth * scale);
  canvas.height = Math.round(innerHeight * scale);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#000';
  context.fillRect(0, 0, canvas.width, canvas.height);
  const zones = document.querySelectorAll<HTMLElement>('.zone');
  for (const zone of zones) {
    const box = zone.getBoundingClientRect();
    const outer = { x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale };
    // In stacking order: the front video, the slate, the overlay.
    for (const element of zone.querySelectorAll<HTMLVideoElement | HTMLImageElement>(
      'video.front, img.slate, img.overlay',
    )) {
      if (!shown(element)) continue;
      const at = containIn(outer, sizeOf(element));
      if (at.width) context.drawImage(element, at.x, at.y, at.width, at.height);
    }
  }
  if (!zones.length) {
    context.fillStyle = '#fff';
    context.font = `${Math.round(canvas.height / 20)}px sans-serif`;
    const lines = (document.querySelector('main')?.innerText ?? '').split('\n').filter(Boolean).slice(0, 12);
    lines.forEach((line, i) =>
      context.fillText(line, canvas.width / 20, (canvas.height / 10) * (i + 1), canvas.width * 0.9),
    );
  }
  for (let quality = 0.85; ; quality -= 0.15) {
    const jpeg = await toJpeg(canvas, Math.max(0.1, quality));
    if (jpeg.size <= MAX_SCREENSHOT_BYTES || quality <= 0.1) return jpeg;
  }
}
