import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** The time in the title bar, ticking every second on its own (the panels do not re-render with it). */
export function ScreenClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <time className="ds-clock" dateTime={now.toISOString()}>
      {dayjs(now).format('YYYY-MM-DD HH:mm:ss')} {WEEKDAYS[now.getDay()]}
    </time>
  );
}
