// Spec §1/§4 video player: idle, playing or paused, with looping, rotated and resized flags, over a
// playlist of clips. At the end of a clip it moves to the next; after the last it returns to the
// first and replays when looping, else stops (idle). A media error shows 'Video Player Error' in the
// player and as a toast. The same player opens in a popup.
import {
  ActionIcon,
  Alert,
  Group,
  Modal,
  Paper,
  Slider,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { messages } from '@marquee/contracts/texts';
import {
  IconAlertTriangle,
  IconAspectRatio,
  IconPictureInPicture,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerSkipBack,
  IconPlayerSkipForward,
  IconPlayerStop,
  IconRepeat,
  IconRotateClockwise,
} from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { showErrors } from '../../lib/notifications.ts';
import { formatDuration } from './format-duration.ts';
import classes from './video-player.module.css';

export type PlayerClip = {
  /** Unique within the playlist. */
  key: string | number;
  name: string;
  src: string;
  poster?: string;
};

export type PlayerStatus = 'idle' | 'playing' | 'paused';

export type VideoPlayerProps = {
  clips: PlayerClip[];
  /** Accessible name of the player, e.g. the clip's name. */
  label?: string;
  initialIndex?: number;
  initialLooping?: boolean;
  initialRotated?: boolean;
  initialResized?: boolean;
  /** Starts playing at once (the popup). */
  autoPlay?: boolean;
  /** Offers a button that opens the same playlist in a popup. */
  withPopup?: boolean;
  /** Told whenever the state changes (tests, the owner's own display). */
  onStatusChange?: (status: PlayerStatus) => void;
};

type Flag = { pressed: boolean; onToggle: () => void; label: string; icon: ReactNode };

function FlagButton({ pressed, onToggle, label, icon }: Flag) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant={pressed ? 'filled' : 'default'}
        size="lg"
        aria-label={label}
        aria-pressed={pressed}
        onClick={onToggle}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

function ControlButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow disabled={disabled}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** A rejected play(): interrupted by a pause or a new source, or refused autoplay, is no error. */
const isHarmlessPlayFailure = (error: unknown) =>
  error instanceof DOMException && (error.name === 'AbortError' || error.name === 'NotAllowedError');

export function VideoPlayer({
  clips,
  label,
  initialIndex = 0,
  initialLooping = false,
  initialRotated = false,
  initialResized = false,
  autoPlay = false,
  withPopup = false,
  onStatusChange,
}: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [index, setIndex] = useState(() => Math.min(Math.max(initialIndex, 0), Math.max(clips.length - 1, 0)));
  const [status, setStatus] = useState<PlayerStatus>('idle');
  const [looping, setLooping] = useState(initialLooping);
  const [rotated, setRotated] = useState(initialRotated);
  const [resized, setResized] = useState(initialResized);
  const [failed, setFailed] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [popupOpen, setPopupOpen] = useState(false);
  /** Play as soon as the next source is set (moving along the playlist while playing, autoplay). */
  const playOnLoad = useRef(autoPlay);
  /** A pause caused by Stop (goes idle, not paused). */
  const stopping = useRef(false);
  const titleId = useId();

  const clip = clips[Math.min(index, clips.length - 1)];
  const last = clips.length - 1;

  const changeStatus = useCallback(
    (next: PlayerStatus) => {
      setStatus(next);
      onStatusChange?.(next);
    },
    [onStatusChange],
  );

  const play = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    const started = video.play() as Promise<void> | undefined;
    started?.catch((error: unknown) => {
      if (!isHarmlessPlayFailure(error)) setFailed(true);
    });
  }, []);

  // A new source: start it when asked to, else it waits (idle).
  useEffect(() => {
    if (!clip) return;
    if (!playOnLoad.current) return;
    playOnLoad.current = false;
    play();
  }, [clip, play]);

  // The error shows in the player and as a toast, once per failing clip.
  useEffect(() => {
    if (failed) showErrors([messages.videoPlayerError]);
  }, [failed]);

  if (!clip) {
    return (
      <Paper withBorder p="md" radius="md">
        <Text c="dimmed">No video to play.</Text>
      </Paper>
    );
  }

  const goTo = (next: number, keepPlaying: boolean) => {
    const video = videoRef.current;
    setFailed(false);
    setTime(0);
    if (next === index) {
      if (video) video.currentTime = 0;
      if (keepPlaying) play();
      return;
    }
    playOnLoad.current = keepPlaying;
    if (!keepPlaying) changeStatus('idle');
    setIndex(next);
  };

  const onEnded = () => {
    if (index < last) {
      goTo(index + 1, true);
      return;
    }
    // After the last clip: back to the first, replaying only when looping.
    goTo(0, looping);
    if (!looping) changeStatus('idle');
  };

  const onPause = () => {
    const video = videoRef.current;
    // The end of a clip is handled by `ended`.
    if (video?.ended) return;
    if (stopping.current) {
      stopping.current = false;
      changeStatus('idle');
      return;
    }
    changeStatus('paused');
  };

  const onError = () => {
    setFailed(true);
    changeStatus('idle');
  };

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (status === 'playing') video.pause();
    else {
      setFailed(false);
      play();
    }
  };

  const stop = () => {
    const video = videoRef.current;
    if (!video) return;
    if (status === 'playing') {
      stopping.current = true;
      video.pause();
    } else changeStatus('idle');
    video.currentTime = 0;
    setTime(0);
  };

  const seek = (value: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = value;
    setTime(value);
  };

  const openPopup = () => {
    videoRef.current?.pause();
    setPopupOpen(true);
  };

  const playing = status === 'playing';
  const name = label ?? clip.name;
  const videoClass = [classes.video, resized && classes.fill, rotated && classes.rotated].filter(Boolean).join(' ');

  return (
    <Stack gap="xs" role="group" aria-labelledby={titleId} data-status={status}>
      <VisuallyHidden id={titleId}>Video player: {name}</VisuallyHidden>
      {/* A click on the picture toggles playing; keyboard users have the Play button. */}
      <div className={classes.stage} onClick={togglePlay}>
        <video
          ref={videoRef}
          key={clip.key}
          className={videoClass}
          src={clip.src}
          poster={clip.poster}
          preload="metadata"
          playsInline
          aria-hidden="true"
          onPlay={() => changeStatus('playing')}
          onPause={onPause}
          onEnded={onEnded}
          onError={onError}
          onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
          onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
          onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        />
        {failed && (
          <div className={classes.error}>
            <Alert color="red" variant="filled" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {messages.videoPlayerError}
            </Alert>
          </div>
        )}
      </div>
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="nowrap">
          <ControlButton label={playing ? 'Pause' : 'Play'} onClick={togglePlay}>
            {playing ? <IconPlayerPause size={18} aria-hidden /> : <IconPlayerPlay size={18} aria-hidden />}
          </ControlButton>
          <ControlButton label="Stop" onClick={stop} disabled={status === 'idle'}>
            <IconPlayerStop size={18} aria-hidden />
          </ControlButton>
          {clips.length > 1 && (
            <>
              <ControlButton label="Previous clip" onClick={() => goTo(index > 0 ? index - 1 : last, playing)}>
                <IconPlayerSkipBack size={18} aria-hidden />
              </ControlButton>
              <ControlButton label="Next clip" onClick={() => goTo(index < last ? index + 1 : 0, playing)}>
                <IconPlayerSkipForward size={18} aria-hidden />
              </ControlButton>
            </>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 160 }}>
          <Text size="sm" className={classes.time} aria-live="off">
            {formatDuration(Math.floor(time))} / {formatDuration(duration) || '0:00'}
          </Text>
          <Slider
            style={{ flex: 1 }}
            min={0}
            max={Number.isFinite(duration) && duration > 0 ? duration : 1}
            step={0.1}
            value={Math.min(time, Number.isFinite(duration) && duration > 0 ? duration : 1)}
            onChange={seek}
            label={(value) => formatDuration(Math.floor(value))}
            thumbLabel="Position"
            disabled={!(duration > 0)}
          />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <FlagButton
            pressed={looping}
            onToggle={() => setLooping((value) => !value)}
            label="Loop"
            icon={<IconRepeat size={18} aria-hidden />}
          />
          <FlagButton
            pressed={rotated}
            onToggle={() => setRotated((value) => !value)}
            label="Rotate"
            icon={<IconRotateClockwise size={18} aria-hidden />}
          />
          <FlagButton
            pressed={resized}
            onToggle={() => setResized((value) => !value)}
            label="Fill the frame"
            icon={<IconAspectRatio size={18} aria-hidden />}
          />
          {withPopup && (
            <ControlButton label="Open in a popup" onClick={openPopup}>
              <IconPictureInPicture size={18} aria-hidden />
            </ControlButton>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed" aria-live="polite">
        {statusText(status)}
        {clips.length > 1 ? ` · clip ${index + 1} of ${clips.length}: ${clip.name}` : ''}
      </Text>
      {clips.length > 1 && (
        <ol className={classes.playlist} aria-label="Playlist">
          {clips.map((item, position) => (
            <li key={item.key}>
              <UnstyledButton
                onClick={() => goTo(position, playing)}
                aria-current={position === index ? 'true' : undefined}
                px="xs"
                py={2}
              >
                <Text size="sm" fw={position === index ? 700 : 400}>
                  {position + 1}. {item.name}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </ol>
      )}
      {withPopup && (
        <Modal
          opened={popupOpen}
          onClose={() => setPopupOpen(false)}
          title={name}
          size="xl"
          centered
          closeButtonProps={{ 'aria-label': 'Close the popup player' }}
        >
          <VideoPlayer
            clips={clips}
            label={name}
            initialIndex={index}
            initialLooping={looping}
            initialRotated={rotated}
            initialResized={resized}
            autoPlay
          />
        </Modal>
      )}
    </Stack>
  );
}

function statusText(status: PlayerStatus): string {
  if (status === 'playing') return 'Playing';
  if (status === 'paused') return 'Paused';
  return 'Stopped';
}
