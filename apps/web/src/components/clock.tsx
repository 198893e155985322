import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatTime } from '../lib/format.ts';

/** HH:mm:ss, updated every second. */
export function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text component="time" dateTime={now.toISOString()} size="sm" ff="monospace" data-testid="clock">
      {formatTime(now)}
    </Text>
  );
}
