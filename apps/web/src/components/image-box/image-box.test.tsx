import { notifications } from '@mantine/notifications';
import { messages } from '@marquee/contracts/texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ImageBox, isSupportedImage } from './image-box.tsx';
import type { ImageItem } from './image-box-api.ts';

const endpoint = '/api/users/5/images/';

const image = (id: number, is_active = false): ImageItem => ({
  id,
  url: `/api/media/images/${id}/`,
  width: 100,
  height: 80,
  size: 2048,
  is_active,
});

const file = (name: string, type: string) => new File(['x'], name, { type });

afterEach(() => vi.restoreAllMocks());

function mockList(results: ImageItem[]) {
  return vi.spyOn(api, 'get').mockResolvedValue({ results });
}

/** The picker's `accept` would filter the file out before the box could refuse it. */
function pickFile(input: HTMLElement, picked: File) {
  fireEvent.change(input, { target: { files: [picked] } });
}

type Toast = { message: unknown; color: unknown };

const toasts = (show: { mock: { calls: unknown[][] } }) =>
  show.mock.calls.map((call) => {
    const { message, color } = call[0] as Toast;
    return { message, color };
  });

describe('isSupportedImage', () => {
  it('accepts jpg and png by extension and MIME type only', () => {
    expect(isSupportedImage(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(isSupportedImage(file('a.JPEG', 'image/jpeg'))).toBe(true);
    expect(isSupportedImage(file('a.png', 'image/png'))).toBe(true);
    expect(isSupportedImage(file('a.gif', 'image/gif'))).toBe(false);
    expect(isSupportedImage(file('a.png', 'image/gif'))).toBe(false);
    expect(isSupportedImage(file('a.gif', 'image/png'))).toBe(false);
  });
});

describe('ImageBox', () => {
  it('shows the images with the active one marked', async () => {
    mockList([image(1), image(2, true)]);
    renderWithProviders(<ImageBox endpoint={endpoint} label="Image" />);
    expect(await screen.findByRole('img', { name: 'Image 2 of 2, active' })).toHaveAttribute(
      'src',
      '/api/media/images/2/',
    );
    expect(screen.getByRole('img', { name: 'Image 1 of 2' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Make active' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Remove image' })).toHaveLength(2);
  });

  it('refuses other formats with a warning, word for word, and sends nothing', async () => {
    mockList([]);
    const post = vi.spyOn(api, 'post');
    const show = vi.spyOn(notifications, 'show');
    renderWithProviders(<ImageBox endpoint={endpoint} label="Image" />);
    await screen.findByRole('button', { name: 'Add image' });
    pickFile(screen.getByLabelText('Image file'), file('clip.gif', 'image/gif'));
    expect(toasts(show)).toEqual([
      { message: 'This file format is unsupported. Supported file formats are jpg and png.', color: 'yellow' },
    ]);
    expect(messages.imageUnsupported).toBe('This file format is unsupported. Supported file formats are jpg and png.');
    expect(post).not.toHaveBeenCalled();
  });

  it("uploads a jpg as field 'image' and says 'Image added'", async () => {
    const get = mockList([]);
    const post = vi.spyOn(api, 'post').mockResolvedValue(image(3, true));
    const show = vi.spyOn(notifications, 'show');
    const onChange = vi.fn();
    renderWithProviders(<ImageBox endpoint={endpoint} label="Image" onChange={onChange} />);
    await screen.findByRole('button', { name: 'Add image' });
    const picked = file('me.jpg', 'image/jpeg');
    pickFile(screen.getByLabelText('Image file'), picked);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [path, body] = post.mock.calls[0] as [string, FormData];
    expect(path).toBe(endpoint);
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('image')).toBe(picked);
    await waitFor(() => expect(toasts(show)).toEqual([{ message: 'Image added', color: 'teal' }]));
    expect(onChange).toHaveBeenCalled();
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  });

  it('blocks adding at the limit', async () => {
    mockList([image(1, true)]);
    renderWithProviders(<ImageBox endpoint={endpoint} label="Image" maxImages={1} />);
    const add = await screen.findByRole('button', { name: 'Add image' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Only one image is allowed: remove it to add another.');
    expect(screen.getByLabelText('Image file')).toBeDisabled();
  });

  it('allows adding below the limit', async () => {
    mockList([image(1, true)]);
    renderWithProviders(<ImageBox endpoint={endpoint} label="Image" maxImages={2} />);
    expect(await screen.findByRole('button', { name: 'Add image' })).toBeEnabled();
  });

  it("asks before removing the active image, then says 'Image removed'", async () => {
    mockList([image(1, true)]);
    const remove = vi.spyOn(api, 'delete').mockResolvedValue(undefined);
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderWithProviders(<ImageBox endpoint={endpoint} label="Image" maxImages={1} />);
    await user.click(await screen.findByRole('button', { name: 'Remove image' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you want to remove active image?')).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('/api/users/5/images/1/'));
    await waitFor(() => expect(toasts(show)).toEqual([{ message: 'Image removed', color: 'teal' }]));
  });

  it('asks plainly before removing another image, and cancelling removes nothing', async () => {
    mockList([image(1, true), image(2)]);
    const remove = vi.spyOn(api, 'delete');
    const { user } = renderWithProviders(<ImageBox endpoint={endpoint} label="Image" />);
    await screen.findByRole('img', { name: 'Image 2 of 2' });
    await user.click(screen.getAllByRole('button', { name: 'Remove image' })[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you want to remove this image?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
  });

  it('makes an image active', async () => {
    mockList([image(1, true), image(2)]);
    const post = vi.spyOn(api, 'post').mockResolvedValue(image(2, true));
    const { user } = renderWithProviders(<ImageBox endpoint={endpoint} label="Image" />);
    await user.click(await screen.findByRole('button', { name: 'Make active' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/users/5/images/2/activate/'));
  });

  it('offers no changes when read-only', async () => {
    mockList([image(1, true)]);
    renderWithProviders(<ImageBox endpoint={endpoint} label="Image" readOnly />);
    await screen.findByRole('img', { name: 'Image 1 of 1, active' });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('Image file')).toBeNull();
  });
});
