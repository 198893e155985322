import { notifications } from '@mantine/notifications';
import { messages } from '@marquee/contracts/texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { formatDuration } from './format-duration.ts';
import { VideoPlayer, type PlayerClip } from './video-player.tsx';

const clips: PlayerClip[] = [
  { key: 1, name: 'Intro', src: '/api/media/videos/1/', poster: '/api/media/videos/1/thumb/' },
  { key: 2, name: 'Summer', src: '/api/media/videos/2/' },
  { key: 3, name: 'Outro', src: '/api/media/videos/3/' },
];

let play: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // jsdom has no media playback: play() and pause() fire the events a browser would.
  play = vi.fn(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as unknown as () => Promise<void>);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});

afterEach(() => vi.restoreAllMocks());

const video = (container: HTMLElement = document.body) => container.querySelector('video')!;
const status = () => screen.getAllByRole('group')[0]!.getAttribute('data-status');

/** The clip reaches its end: the browser pauses (with `ended` true), then fires `ended`. */
function finish(element: HTMLVideoElement) {
  Object.defineProperty(element, 'ended', { configurable: true, value: true });
  fireEvent.pause(element);
  fireEvent.ended(element);
}

describe('VideoPlayer', () => {
  it('starts idle with the poster, plays, pauses and stops', async () => {
    const { user } = renderWithProviders(<VideoPlayer clips={clips.slice(0, 1)} />);
    expect(video()).toHaveAttribute('src', '/api/media/videos/1/');
    expect(video()).toHaveAttribute('poster', '/api/media/videos/1/thumb/');
    expect(status()).toBe('idle');
    expect(screen.getByText('Stopped')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(status()).toBe('playing');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(status()).toBe('paused');
    expect(screen.getByText('Paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(status()).toBe('idle');
  });

  it('moves to the next clip at the end of one and keeps playing', async () => {
    const { user } = renderWithProviders(<VideoPlayer clips={clips} />);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    finish(video());
    await waitFor(() => expect(video()).toHaveAttribute('src', '/api/media/videos/2/'));
    expect(play).toHaveBeenCalledTimes(2);
    expect(status()).toBe('playing');
    const playlist = screen.getByRole('list', { name: 'Playlist' });
    expect(within(playlist).getByRole('button', { name: '2. Summer' })).toHaveAttribute('aria-current', 'true');
  });

  it('after the last clip returns to the first and stops, unless looping', async () => {
    const { user } = renderWithProviders(<VideoPlayer clips={clips.slice(0, 2)} initialIndex={1} />);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    finish(video());
    await waitFor(() => expect(video()).toHaveAttribute('src', '/api/media/videos/1/'));
    expect(play).toHaveBeenCalledTimes(1);
    expect(status()).toBe('idle');
  });

  it('after the last clip returns to the first and replays when looping', async () => {
    const { user } = renderWithProviders(<VideoPlayer clips={clips.slice(0, 2)} initialIndex={1} />);
    const loop = screen.getByRole('button', { name: 'Loop' });
    expect(loop).toHaveAttribute('aria-pressed', 'false');
    await user.click(loop);
    expect(loop).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    finish(video());
    await waitFor(() => expect(video()).toHaveAttribute('src', '/api/media/videos/1/'));
    expect(play).toHaveBeenCalledTimes(2);
    expect(status()).toBe('playing');
  });

  it('replays a single looping clip from its start', async () => {
    const { user } = renderWithProviders(<VideoPlayer clips={clips.slice(0, 1)} initialLooping />);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    finish(video());
    expect(play).toHaveBeenCalledTimes(2);
    expect(video().currentTime).toBe(0);
  });

  it('shows "Video Player Error" in the player and as a toast on a media error', async () => {
    const show = vi.spyOn(notifications, 'show');
    renderWithProviders(<VideoPlayer clips={clips.slice(0, 1)} />);
    fireEvent.error(video());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.videoPlayerError);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: `Error: ${messages.videoPlayerError}` }));
    expect(status()).toBe('idle');
  });

  it('rotates the picture and fills the frame with pressed toggle buttons', async () => {
    const { user } = renderWithProviders(<VideoPlayer clips={clips.slice(0, 1)} />);
    await user.click(screen.getByRole('button', { name: 'Rotate' }));
    expect(screen.getByRole('button', { name: 'Rotate' })).toHaveAttribute('aria-pressed', 'true');
    expect(video().className).toMatch(/rotated/);
    await user.click(screen.getByRole('button', { name: 'Fill the frame' }));
    expect(video().className).toMatch(/fill/);
  });

  it('opens the same clips in a popup that plays at once', async () => {
    const { user } = renderWithProviders(<VideoPlayer clips={clips} initialIndex={1} withPopup label="Summer" />);
    await user.click(screen.getByRole('button', { name: 'Open in a popup' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Summer', { selector: 'h2' })).toBeInTheDocument();
    await waitFor(() => expect(video(dialog)).toHaveAttribute('src', '/api/media/videos/2/'));
    expect(play).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close the popup player' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('formatDuration', () => {
  it('shows m:ss, and h:mm:ss from an hour on', () => {
    expect(formatDuration(2.04)).toBe('0:02');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(Number.NaN)).toBe('');
  });
});
