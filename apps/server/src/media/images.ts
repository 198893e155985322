// Checks an uploaded image by its content (JPEG or PNG only), caps its pixels, and re-encodes it:
// rotated by EXIF, resized to fit the longest edge, metadata stripped, same format out.
import sharp, { type Metadata } from 'sharp';
import { imageTexts } from '@marquee/contracts/images';
import { messages } from '@marquee/contracts/texts';
import { fieldError } from '../http/errors.ts';

export type ImageLimits = { maxPixels: number; maxEdge: number };

export type ProcessedImage = {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  width: number;
  height: number;
};

export const unsupportedImage = () => fieldError('image', messages.imageUnsupported);
export const imageTooLarge = () => fieldError('image', imageTexts.tooLarge);

const tooManyPixels = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/** The format by the file's first bytes, before sharp parses anything. */
function sniff(data: Buffer): 'jpeg' | 'png' | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  return null;
}

export async function processImage(data: Buffer, { maxPixels, maxEdge }: ImageLimits): Promise<ProcessedImage> {
  const format = sniff(data);
  if (!format) throw unsupportedImage();
  const options = { limitInputPixels: maxPixels, failOn: 'error' as const };
  let metadata: Metadata;
  try {
    metadata = await sharp(data, options).metadata();
  } catch (err) {
    throw tooManyPixels(err) ? imageTooLarge() : unsupportedImage();
  }
  if (metadata.format !== format) throw unsupportedImage();
  if (!metadata.width || !metadata.height) throw unsupportedImage();
  if (metadata.width * metadata.height > maxPixels) throw imageTooLarge();
  try {
    const pipeline = sharp(data, options)
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'jpeg' ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : pipeline.png({ compressionLevel: 9 });
    const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
    return format === 'jpeg'
      ? { data: out, contentType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height }
      : { data: out, contentType: 'image/png', extension: 'png', width: info.width, height: info.height };
  } catch (err) {
    throw tooManyPixels(err) ? imageTooLarge() : unsupportedImage();
  }
}
