import { appConfigEndpoint } from '@marquee/contracts/app-config';
import { details, messages } from '@marquee/contracts/texts';
import type { VideoMedia } from '@marquee/contracts/videoclips';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError, type UploadProgress } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { ProductGroup } from '../api/get-product-choices.ts';
import { VideoForm } from './video-form.tsx';

const MAX = 5 * 1024 * 1024;

const products: ProductGroup[] = [
  { group: 'Acme', items: [{ value: '11', label: 'Rockets' }] },
  { group: 'Nord', items: [{ value: '12', label: 'Coffee' }] },
];

const media: VideoMedia = {
  id: 31,
  video_file: '/api/media/videos/31/',
  file_name: 'Summer promo.final.webm',
  content_type: 'video/webm',
  size: 157_286,
  duration: 2.04,
  width: 320,
  height: 240,
  checksum: 'abc',
  video_thumb: { url: '/api/media/videos/31/thumb/', preview: '/api/media/videos/31/preview/' },
};

const videoFile = (name = 'Summer promo.final.webm', size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'video/webm' });

type UploadOptions = { onProgress?: (fraction: number, progress: UploadProgress) => void; signal?: AbortSignal };

function renderForm() {
  return renderWithProviders(<VideoForm clip={undefined} products={products} readOnly={false} canChange={false} />, {
    route: '/add',
    routes: [{ path: '/video/:id', element: <p>clip page</p> }],
  });
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const nameInput = () => screen.getByRole('textbox', { name: 'Name' });

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === appConfigEndpoint) return { video_max_bytes: MAX, image_max_bytes: MAX, zones: [1], time_zone: 'UTC' };
    throw new Error(`unexpected GET ${path}`);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('VideoForm (add)', () => {
  it(`says "${messages.videoRequired}" when saving without a video`, async () => {
    const post = vi.spyOn(api, 'post');
    const { user } = renderForm();
    await user.type(nameInput(), 'Clip');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.videoRequired)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it(`says "${messages.videoTooBig}" for a file over the configured size, and does not upload it`, async () => {
    const upload = vi.spyOn(api, 'upload');
    const { user } = renderForm();
    await screen.findByText(/up to 5\.0 MB/);
    await user.upload(fileInput(), videoFile('big.mp4', MAX + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.videoTooBig);
    expect(upload).not.toHaveBeenCalled();
    // The name is not taken from a refused file.
    expect(nameInput()).toHaveValue('');
  });

  it('uploads at once with progress, names the clip after the file, shows the video and creates the clip', async () => {
    let options: UploadOptions = {};
    let answer: (value: VideoMedia) => void = () => undefined;
    const upload = vi.spyOn(api, 'upload').mockImplementation((_path, _form, given) => {
      options = given as UploadOptions;
      return new Promise((resolve) => (answer = resolve as (value: VideoMedia) => void)) as never;
    });
    const post = vi.spyOn(api, 'post').mockResolvedValue({ ...media, id: 77, name: 'Summer promo.final' });
    const { user, router } = renderForm();
    await screen.findByText(/up to 5\.0 MB/);
    await user.upload(fileInput(), videoFile());

    expect(upload).toHaveBeenCalledTimes(1);
    const [path, form] = upload.mock.calls[0]!;
    expect(path).toBe('/api/videoclip-media/');
    expect((form.get('video_file') as File).name).toBe('Summer promo.final.webm');
    expect(nameInput()).toHaveValue('Summer promo.final');

    options.onProgress?.(0.42, { loaded: 42, total: 100 });
    expect(await screen.findByText('42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel upload' })).toBeInTheDocument();

    answer(media);
    expect(await screen.findByText('0:02')).toBeInTheDocument();
    expect(screen.getByText('153.6 KB')).toBeInTheDocument();
    expect(screen.getByText('320 × 240')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Thumbnail of Summer promo.final.webm' })).toHaveAttribute(
      'src',
      '/api/media/videos/31/thumb/',
    );
    expect(screen.queryByText('42%')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: /Product/ }));
    await user.click(await screen.findByRole('option', { name: 'Coffee', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/videoclips/',
        { name: 'Summer promo.final', product: 12, video: 31 },
        { formErrors: true },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/77'));
  });

  it('keeps a name the user typed', async () => {
    vi.spyOn(api, 'upload').mockResolvedValue(media);
    const { user } = renderForm();
    await screen.findByText(/up to 5\.0 MB/);
    await user.type(nameInput(), 'My clip');
    await user.upload(fileInput(), videoFile());
    expect(nameInput()).toHaveValue('My clip');
  });

  it("shows the server's video_file messages until another file is chosen", async () => {
    const upload = vi
      .spyOn(api, 'upload')
      .mockRejectedValueOnce(new ApiError(400, { video_file: [details.notAVideo] }))
      .mockResolvedValueOnce(media);
    const { user } = renderForm();
    await screen.findByText(/up to 5\.0 MB/);
    await user.upload(fileInput(), videoFile('notes.webm'));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('alert')).toHaveTextContent(details.notAVideo);

    // Still there while the user does other things.
    await user.type(nameInput(), ' more');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(details.notAVideo)).toBeInTheDocument();

    await user.upload(fileInput(), videoFile('clip.webm'));
    await waitFor(() => expect(screen.queryByText(details.notAVideo)).toBeNull());
    expect(upload).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('0:02')).toBeInTheDocument();
  });

  it('forgets an earlier upload when another file is chosen', async () => {
    vi.spyOn(api, 'upload')
      .mockResolvedValueOnce(media)
      .mockRejectedValueOnce(new ApiError(400, { video_file: [details.notAVideo] }));
    const post = vi.spyOn(api, 'post');
    const { user } = renderForm();
    await screen.findByText(/up to 5\.0 MB/);
    await user.upload(fileInput(), videoFile());
    expect(await screen.findByText('0:02')).toBeInTheDocument();
    await user.upload(fileInput(), videoFile('notes.webm'));
    expect(await screen.findByRole('alert')).toHaveTextContent(details.notAVideo);
    expect(screen.queryByText('0:02')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(post).not.toHaveBeenCalled();
  });

  it('cancels a running upload', async () => {
    let signal: AbortSignal | undefined;
    vi.spyOn(api, 'upload').mockImplementation((_path, _form, given) => {
      signal = (given as UploadOptions).signal;
      return new Promise(() => undefined) as never;
    });
    const { user } = renderForm();
    await screen.findByText(/up to 5\.0 MB/);
    await user.upload(fileInput(), videoFile());
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(signal?.aborted).toBe(true);
    expect(screen.getByText('Upload cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
